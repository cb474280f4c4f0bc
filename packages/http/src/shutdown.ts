import { Buffer } from 'node:buffer';
import type { IncomingMessage, Server } from 'node:http';
import { Socket } from 'node:net';
import { hasNoBody } from './body-headers';
import { PROBLEM_CONTENT_TYPE, problem, problemBytes } from './problems';

/** The requests whose bodies are still arriving, so that shutdown can cut the slow ones. */
export type Receiving = {
  readonly track: (request: IncomingMessage) => void;
  /** Answers each a raw 503 and closes its connection: shutdown does not wait for slow clients. */
  readonly cutAll: () => void;
};

export const createReceiving = (): Receiving => {
  const receiving = new Set<IncomingMessage>();
  return {
    track: (request) => {
      // Injected requests (Fastify's `inject`) have no connection to cut. A request without a body
      // has arrived whole: nothing reads it to its end, so it would never leave the set, and a
      // long poll or a DELETE under way would be cut with a 503 that says nothing was done.
      if (request.complete || hasNoBody(request.headers) || !(request.socket instanceof Socket)) return;
      receiving.add(request);
      const done = () => receiving.delete(request);
      request.once('end', done);
      request.once('close', done);
    },
    cutAll: () => {
      const body = problemBytes(problem(503, 'internal-error', 'The server is shutting down.'));
      for (const request of receiving) {
        const { socket } = request;
        if (socket.writable) {
          socket.end(
            `HTTP/1.1 503 Service Unavailable\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`,
          );
        }
        setImmediate(() => socket.destroy());
      }
      receiving.clear();
    },
  };
};

const connectionsOf = (server: Server): Promise<number> =>
  new Promise((resolve) => {
    server.getConnections((error, count) => resolve(error === null ? count : 0));
  });

/**
 * Keeps the open connections for up to `ms` after shutdown began, so that a request already on its
 * way over a keep-alive connection gets the 503 (with `Connection: close`) rather than a reset; ends
 * early once no connection is left.
 */
export const drainConnections = async (server: Server, ms: number): Promise<void> => {
  const until = performance.now() + ms;
  while (performance.now() < until && (await connectionsOf(server)) > 0) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, Math.max(0, until - performance.now()))));
  }
};
