// Summaries of V8 CPU profiles (the `.cpuprofile` JSON of the inspector's Profiler): self time per
// function, the way `bench/profile.ts` saves them in bench/profiles/.

type ProfileNode = {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
};
type Profile = {
  readonly nodes: ReadonlyArray<ProfileNode>;
  readonly samples: ReadonlyArray<number>;
  readonly timeDeltas: ReadonlyArray<number>;
};

/** Where a frame's code lives, short: `app/src/…` for the workspace, the package for dependencies. */
const placeOf = (url: string): string => {
  const dependency = /node_modules\/\.pnpm\/([^/]+)\//.exec(url);
  if (dependency?.[1] !== undefined) return dependency[1].replace(/_.*$/, '');
  const workspace = /\/packages\/(.+)$/.exec(url);
  if (workspace?.[1] !== undefined) return workspace[1];
  return url.replace(/^file:\/\/.*\//, '');
};

/** Samples the thread spent waiting for work: left out, so shares are of the CPU actually used. */
const WAITING = new Set(['(idle)']);

/**
 * The `top` functions by self time, as lines `12.3 %  name place:line`, with shares of the samples
 * in which the thread ran (idle samples left out).
 */
export const topSelfTime = (json: string, top: number): ReadonlyArray<string> => {
  const profile = JSON.parse(json) as Profile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = frames.get(id);
    const delta = profile.timeDeltas[i] ?? 0;
    if (frame === undefined || WAITING.has(frame.functionName)) return;
    busy += delta;
    const key = `${frame.functionName || '(anonymous)'} ${placeOf(frame.url)}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + delta);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, time]) => `${((100 * time) / Math.max(1, busy)).toFixed(1).padStart(5)} %  ${key}`);
};
