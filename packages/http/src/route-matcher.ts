/** The methods each known path answers, so that a known path with another method is a 405 (C-1.7). */
export type RouteMatcher = {
  /** The methods of the first pattern that `path` matches (HEAD with GET), or undefined for an unknown path. */
  readonly allowedMethods: (path: string) => ReadonlyArray<string> | undefined;
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** A regular expression of an OpenAPI path: each `{parameter}` is one segment, possibly empty (as in Fastify). */
const patternOf = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split(/\{\w+\}/)
      .map(escapeRegExp)
      .join('[^/]*')}$`,
  );

export const createRouteMatcher = (
  endpoints: ReadonlyArray<{ readonly method: string; readonly path: string }>,
): RouteMatcher => {
  const byPath = new Map<string, Set<string>>();
  for (const { method, path } of endpoints) {
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    byPath.set(path, methods);
  }
  const patterns = [...byPath].map(([path, methods]) => ({
    pattern: patternOf(path),
    methods: [...methods],
  }));
  return {
    allowedMethods: (path) => {
      const matches = patterns.filter(({ pattern }) => pattern.test(path));
      if (matches.length === 0) return undefined;
      return [...new Set(matches.flatMap((m) => m.methods))];
    },
  };
};
