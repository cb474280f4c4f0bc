import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Admission, createAdmissionQueue } from './admission-queue';
import { createLineMover } from './line-mover';
import { createPace } from './pace';
import { problem, sendProblem } from './problems';

/**
 * Bounds of one process's work in progress. Past them a request is answered at once with a 503
 * and `Retry-After` rather than queued: latency stays bounded and clients back off. 0: no bound.
 * New baskets alone may wait in a bounded line of their own (`newBasketQueue`).
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
  /**
   * New baskets let in per second at most (a pace of visits, whatever their requests in flight):
   * past it a new basket is refused, or waits in line. Absent or 0: no pace.
   */
  readonly newBasketsPerSecond?: number;
  /**
   * New baskets past their limit (or pace) wait in order of arrival, up to this many per process, and are let
   * in as requests finish, instead of being refused at once (a waiting room that keeps arrival
   * order). Past it, or after `newBasketQueueWaitMs`, the 503. Absent or 0: refused at once.
   */
  readonly newBasketQueue?: number;
  /** The longest wait in that queue, in ms; default 10 000. */
  readonly newBasketQueueWaitMs?: number;
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

/** One process's work in progress: requests taken in, long polls held, new baskets waiting in line. */
export type LoadFigures = { readonly requests: number; readonly longPolls: number; readonly queued: number };

export type LoadShedder = {
  readonly hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The work in progress now (for tests and metrics). */
  readonly inFlight: () => LoadFigures;
  /** Answers the new baskets waiting with the 503 (the process is closing). */
  readonly close: () => void;
};

const DEFAULT_QUEUE_WAIT_MS = 10_000;

/** A `waitMs` that asks to wait (a malformed one is a 400 later, not a wait). */
const WAITS = /^0*[1-9]/;

/**
 * What a request is, by the route it matched and its parsed query (never by the URL's text, which
 * other spellings of the same path would get past: `/bask%65ts`, an absolute-form request line,
 * `?%77aitMs=`). Routes are the plugin's own, under the prefix of the scope it is registered in.
 */
const requestKinds = (prefix: string) => {
  const exempt = new Set(['/healthz', '/readyz', '/openapi.json', '/docs'].map((path) => `${prefix}${path}`));
  const docs = `${prefix}/docs/`;
  const baskets = `${prefix}/baskets`;
  const notification = `${prefix}/notifications/:notificationId`;
  return {
    /** createBasket, the first request of a visit. */
    startsAVisit: (request: FastifyRequest): boolean =>
      request.method === 'POST' && request.routeOptions.url === baskets,
    /** A notification read that asks to wait. */
    isLongPoll: (request: FastifyRequest): boolean => {
      if (request.method !== 'GET' || request.routeOptions.url !== notification) return false;
      const waitMs: unknown = Reflect.get(Object(request.query), 'waitMs');
      return (Array.isArray(waitMs) ? waitMs : [waitMs]).some(
        (value) => typeof value === 'string' && WAITS.test(value),
      );
    },
    /** Liveness, readiness and the documentation always answer: they are how operators see the overload. */
    isExempt: (request: FastifyRequest): boolean => {
      const url = request.routeOptions.url;
      return url !== undefined && (exempt.has(url) || url.startsWith(docs));
    },
  };
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
  /** The prefix of the scope the plugin's routes are registered in. */
  prefix = '',
): LoadShedder => {
  const { startsAVisit, isLongPoll, isExempt } = requestKinds(prefix);
  let requests = 0;
  let longPolls = 0;
  const maxDelayMs = limits.maxEventLoopDelayMs ?? 0;
  const newBaskets = limits.maxInFlightForNewBaskets ?? 0;
  // New baskets have a limit of their own only when it is below the limit of every request.
  const newBasketLimit =
    newBaskets > 0 && (limits.maxRequestsInFlight === 0 || newBaskets < limits.maxRequestsInFlight)
      ? newBaskets
      : undefined;
  // The limit a new basket meets, its own or that of every request (0: none).
  const newBasketCap = newBasketLimit ?? limits.maxRequestsInFlight;
  const perSecond = limits.newBasketsPerSecond ?? 0;
  const pace = createPace(perSecond);
  const queueWaitMs = limits.newBasketQueueWaitMs ?? DEFAULT_QUEUE_WAIT_MS;
  const queue =
    (limits.newBasketQueue ?? 0) > 0 && (newBasketCap > 0 || perSecond > 0)
      ? createAdmissionQueue(limits.newBasketQueue ?? 0, queueWaitMs)
      : undefined;
  const underCap = (): boolean => newBasketCap === 0 || requests < newBasketCap;
  const hasRoomForNewBasket = (): boolean => underCap() && pace.available();
  // The line moves when a request finishes, and when the pace allows the next new basket.
  const moveLine = createLineMover(queue, pace, underCap);
  /** Counts a request taken in until its response is finished or its connection closes. */
  const take = (reply: FastifyReply, newBasket: boolean): void => {
    requests += 1;
    if (newBasket) pace.take();
    reply.raw.once('close', () => {
      requests -= 1;
      moveLine();
    });
  };
  /** Waits in the queue for a place (a new basket past its limit). */
  const waitInLine = async (reply: FastifyReply): Promise<Admission> => {
    if (queue === undefined) return 'full';
    const gone = new AbortController();
    const leave = () => gone.abort();
    reply.raw.once('close', leave);
    const waiting = queue.wait(gone.signal, () => take(reply, true));
    moveLine();
    const outcome = await waiting;
    reply.raw.off('close', leave);
    return outcome;
  };
  /** Why a new basket was not let in, for the 503's detail. */
  const notAdmitted = (outcome: Exclude<Admission, 'admitted'>): string => {
    switch (outcome) {
      case 'full':
        return queue === undefined ? '' : ', and its line of new baskets is full';
      case 'out':
        return `, and it waited ${queueWaitMs} ms in line for a place`;
      case 'gone':
        return ', and the client left the line';
      case 'closed':
        return ', and the process is closing';
    }
  };
  const refuse = (reply: FastifyReply, detail: string): FastifyReply =>
    sendProblem(
      reply,
      problem(
        503,
        'internal-error',
        `${detail}: nothing was done; retry after ${limits.retryAfterSeconds} s.`,
      ),
      { 'retry-after': String(limits.retryAfterSeconds) },
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
    if (longPoll) {
      if (limits.maxLongPolls > 0 && longPolls >= limits.maxLongPolls) {
        await refuse(reply, `The service has ${longPolls} long polls under way, its limit`);
        return;
      }
      longPolls += 1;
      reply.raw.once('close', () => {
        longPolls -= 1;
      });
      return;
    }
    const newBasket = startsAVisit(request);
    // A new basket joins the line behind those already waiting, even when a place is free.
    const full = newBasket
      ? !hasRoomForNewBasket() || (queue?.waiting() ?? 0) > 0
      : limits.maxRequestsInFlight > 0 && requests >= limits.maxRequestsInFlight;
    if (!full) {
      take(reply, newBasket);
      return;
    }
    if (!newBasket) {
      await refuse(reply, `The service has ${requests} requests under way, its limit`);
      return;
    }
    const outcome = await waitInLine(reply);
    if (outcome === 'admitted') return;
    const why =
      perSecond > 0 && !pace.available()
        ? `The service lets in ${perSecond} new baskets per second`
        : `The service has ${requests} requests under way, ${
            newBasketLimit === undefined ? 'its limit' : 'its limit for starting a new basket'
          }`;
    await refuse(reply, `${why}${notAdmitted(outcome)}`);
  };
  return {
    hook,
    inFlight: () => ({ requests, longPolls, queued: queue?.waiting() ?? 0 }),
    // A timer of the line's still to come finds it empty: it holds nothing and keeps nothing alive.
    close: () => {
      queue?.close();
    },
  };
};
