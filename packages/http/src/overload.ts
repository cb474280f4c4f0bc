import type { FastifyReply, FastifyRequest } from 'fastify';
import { problem, sendProblem } from './problems';

/**
 * Bounds of one process's work in progress. Past them a request is answered at once with a 503
 * and `Retry-After` rather than queued: latency stays bounded and clients back off. 0: no bound.
 */
export type LoadLimits = {
  /** Requests being answered, long polls left out. */
  readonly maxRequestsInFlight: number;
  /**
   * Requests in flight past which a new basket (`POST /baskets`, the start of a visit) is refused
   * while requests of visits under way are still taken in: below `maxRequestsInFlight`, the buyers
   * already shopping finish first when more arrive than the process serves (an on-sale). Absent or
   * 0: the same limit as every request.
   */
  readonly maxInFlightForNewBaskets?: number;
  /** `GET /notifications/{id}?waitMs=N` (N > 0) being held (C-5.2): they wait, they cost little. */
  readonly maxLongPolls: number;
  /** The `Retry-After` of a 503, in seconds. */
  readonly retryAfterSeconds: number;
  /**
   * The event loop's delay past which every request is refused, long polls included (their arrival
   * and their answer cost CPU like a read; those already held are kept). It bounds the queue that
   * builds in the sockets when requests need no I/O, where the in-flight count stays low.
   * Absent or 0: no bound.
   */
  readonly maxEventLoopDelayMs?: number;
};

export type LoadShedder = {
  readonly hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Requests and long polls under way now (for tests and metrics). */
  readonly inFlight: () => { readonly requests: number; readonly longPolls: number };
};

const WAIT_MS = /[?&]waitMs=0*[1-9]/;

/** createBasket, the first request of a visit (a query string does not make it another). */
const startsAVisit = (request: FastifyRequest): boolean =>
  request.method === 'POST' && (request.url === '/baskets' || request.url.startsWith('/baskets?'));

/** A long poll: a notification read that asks to wait (a malformed waitMs is a 400 later, not a wait). */
const isLongPoll = (request: FastifyRequest): boolean =>
  request.method === 'GET' && request.url.startsWith('/notifications/') && WAIT_MS.test(request.url);

/** Liveness, readiness and the documentation always answer: they are how operators see the overload. */
const isExempt = (request: FastifyRequest): boolean => {
  const path = request.url.split('?')[0] ?? '';
  return path === '/healthz' || path === '/readyz' || path === '/openapi.json' || path.startsWith('/docs');
};

/**
 * Counts the requests under way and answers past the limits with a 503 `internal-error` problem (the
 * contract's code for a 5xx, C-3.1; nothing was changed, C-3.4) and `Retry-After`. A request stops
 * counting when its response is finished or its connection closes. `eventLoopDelayMs` is the
 * current event-loop delay in ms (event-loop-delay.ts), read on each request when
 * `maxEventLoopDelayMs` is set.
 */
export const createLoadShedder = (
  limits: LoadLimits,
  eventLoopDelayMs: () => number = () => 0,
): LoadShedder => {
  let requests = 0;
  let longPolls = 0;
  const maxDelayMs = limits.maxEventLoopDelayMs ?? 0;
  const newBaskets = limits.maxInFlightForNewBaskets ?? 0;
  // New baskets have a limit of their own only when it is below the limit of every request.
  const newBasketLimit =
    newBaskets > 0 && (limits.maxRequestsInFlight === 0 || newBaskets < limits.maxRequestsInFlight)
      ? newBaskets
      : undefined;
  const refuse = (reply: FastifyReply, detail: string): FastifyReply =>
    sendProblem(
      reply,
      problem(
        503,
        'internal-error',
        `${detail}: nothing was done; retry after ${limits.retryAfterSeconds} s.`,
      ),
      {
        'retry-after': String(limits.retryAfterSeconds),
      },
    );
  const hook = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (isExempt(request)) return;
    if (maxDelayMs > 0) {
      const delayMs = Math.round(eventLoopDelayMs());
      if (delayMs > maxDelayMs) {
        await refuse(
          reply,
          `The service's event loop is delayed by ${delayMs} ms, over its limit of ${maxDelayMs} ms`,
        );
        return;
      }
    }
    const longPoll = isLongPoll(request);
    const newBasket = newBasketLimit !== undefined && !longPoll && startsAVisit(request);
    const [count, limit] = longPoll
      ? [longPolls, limits.maxLongPolls]
      : [requests, newBasket ? newBasketLimit : limits.maxRequestsInFlight];
    if (limit > 0 && count >= limit) {
      const what = longPoll ? 'long polls' : 'requests';
      const which = newBasket ? 'its limit for starting a new basket' : 'its limit';
      await refuse(reply, `The service has ${count} ${what} under way, ${which}`);
      return;
    }
    if (longPoll) longPolls += 1;
    else requests += 1;
    reply.raw.once('close', () => {
      if (longPoll) longPolls -= 1;
      else requests -= 1;
    });
  };
  return { hook, inFlight: () => ({ requests, longPolls }) };
};
