import type { FastifyInstance } from 'fastify';
import { routeOf } from '../route-of';
import type { ServerMetrics } from './registry';

/** Times every request into `basket_http_request_duration_seconds` by its route pattern, method and status. */
export const measureRequests = (http: FastifyInstance, metrics: ServerMetrics): void => {
  http.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(routeOf(request), request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
};
