import type { FastifyRequest } from 'fastify';

/** A request's route pattern (`/baskets/:id`), or `unmatched` when no route took it: for logs and metrics alike. */
export const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';
