import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './openapi/json-schema';
import { problem, sendProblem } from './problems';

export type PublicRouteOptions = {
  readonly document: JsonSchema;
  readonly html: string;
  readonly ready: () => Promise<boolean>;
};

/** How long `/readyz` waits for the storage to answer before it answers 503. */
export const READINESS_TIMEOUT_MS = 2_000;

/** The endpoints that need no credentials (C-4.4): the OpenAPI document, its page, liveness, readiness. */
export const registerPublicRoutes = (app: FastifyInstance, options: PublicRouteOptions): void => {
  const documentJson = JSON.stringify(options.document);
  app.get('/openapi.json', (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(documentJson),
  );
  app.get('/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(options.html));
  app.get('/healthz', (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // A storage that does not answer in time is not ready: a probe gets its 503 rather than hanging.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
    });
    const ready = await Promise.race([options.ready().catch(() => false), late]);
    clearTimeout(timer);
    return ready
      ? reply.send({ status: 'ready' })
      : sendProblem(
          reply,
          problem(503, 'internal-error', 'Not ready: storage does not answer or shutdown began.'),
        );
  });
};
