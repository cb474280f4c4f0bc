import { createServer } from 'node:http';
import type { Registry } from 'prom-client';

/** The metrics listener, apart from the API's port: only `GET /metrics`. */
export type MetricsListener = { readonly port: number; readonly close: () => Promise<void> };

/**
 * Serves `GET /metrics` of `registry` in Prometheus' text format on `host:port` (0: a free port).
 * Apart from the API's port so that it needs no API key and is never exposed with the API.
 */
export const listenForScrapes = async (
  registry: Registry,
  host: string,
  port: number,
): Promise<MetricsListener> => {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('only GET /metrics here\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`metrics failed: ${error instanceof Error ? error.name : typeof error}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: address !== null && typeof address === 'object' ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
