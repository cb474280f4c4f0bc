// One simulated buyer of the on-sale benchmark: create a basket, select 1–6 seats (mostly automatic
// selection with rates, some by seat ids read from a seat map seen a moment ago), add food, set
// delivery and details, create a payment intent and pay with a saved token. A share abandons at each
// step; one who abandons at the payment page cancels the intent first (nothing expires an intent,
// so a buyer who walked away from it would keep the seats for good).

import { Agent, request as httpRequest } from 'node:http';

export type Rng = () => number;

/** A small deterministic generator (mulberry32), so that a run can be repeated. */
export const rng = (seed: number): Rng => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

export type Venue = {
  readonly eventId: string;
  readonly adultRate: string;
  readonly childRate: string;
  readonly pieId: string;
  /** Seats of the event in catalog order, as rows of seat ids. */
  readonly rows: ReadonlyArray<ReadonlyArray<string>>;
};

export type Abandonment = {
  readonly afterSeats: number;
  readonly afterFood: number;
  readonly afterDelivery: number;
  readonly afterDetails: number;
  /** Cancel the payment intent at the payment page (deletePaymentIntent). */
  readonly atPayment: number;
  /**
   * Leave the payment page without a word (the tab closed): the intent stays until the service's
   * payment timeout cancels it.
   */
  readonly leaveAtPayment?: number;
};

/** What the buyers share: counts, latencies and the notifications to check at the end. */
export type Tally = {
  readonly answers: Map<string, number>;
  /** From the select-seats request the service took in (not answered 503) to its notification Succeeded. */
  readonly selectToSucceeded: number[];
  /** The same from the first attempt, the waits after 503s included: what the buyer lived through. */
  readonly selectToSucceededWithWaits: number[];
  /** From a buyer's first createBasket attempt to its basket: the wait to start a visit (503s included). */
  readonly basketWaits: number[];
  /** When each successful selection was answered Succeeded (performance.now()). */
  readonly selectionsSucceededAt: number[];
  readonly notifications: Map<string, string>;
  readonly payments: Map<string, number>;
  readonly paidBaskets: Set<string>;
  seatsSelected: number;
  selections: number;
  selectionsRefused: number;
  abandoned: number;
  purchases: number;
  errors: string[];
};

export const newTally = (): Tally => ({
  answers: new Map(),
  selectToSucceeded: [],
  selectToSucceededWithWaits: [],
  basketWaits: [],
  selectionsSucceededAt: [],
  notifications: new Map(),
  payments: new Map(),
  paidBaskets: new Set(),
  seatsSelected: 0,
  selections: 0,
  selectionsRefused: 0,
  abandoned: 0,
  purchases: 0,
  errors: [],
});

export type BuyerContext = {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly tokenId: string;
  readonly venue: Venue;
  readonly abandon: Abandonment;
  readonly manualShare: number;
  readonly random: Rng;
  readonly tally: Tally;
  /** Free seat ids as the seat map showed them a moment ago. */
  readonly seatMap: () => ReadonlySet<string>;
  /** True once every seat is sold: refused buyers stop trying. */
  readonly soldOut: () => boolean;
  /** True when the run's time is up. */
  readonly stopped: () => boolean;
};

type Reply = {
  status: number;
  body: Record<string, unknown> | undefined;
  /** When the attempt answered was sent, and when the first was (they differ after 503s). */
  sentAt: number;
  firstSentAt: number;
};

const count = (tally: Tally, key: string): void => {
  tally.answers.set(key, (tally.answers.get(key) ?? 0) + 1);
};

// node:http with kept-alive connections rather than fetch: the buyers share the cores with the
// servers and PostgreSQL, and fetch cost them several times the CPU per request.
const agent = new Agent({ keepAlive: true });

const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

const send = (
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; text: string; retryAfter: string | undefined }> =>
  new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method,
        agent,
        headers:
          body === undefined
            ? headers
            : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            retryAfter: response.headers['retry-after'],
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });

/**
 * Sends a request; a 503 with `Retry-After` (the service past its limit, nothing done) is sent again
 * after that many seconds and up to half as much again, so that refused buyers do not return at once.
 */
const request = async (ctx: BuyerContext, method: string, path: string, json?: unknown): Promise<Reply> => {
  const firstSentAt = performance.now();
  for (;;) {
    const sentAt = performance.now();
    const response = await send(
      `${ctx.url}${path}`,
      method,
      ctx.headers,
      json === undefined ? undefined : JSON.stringify(json),
    );
    const body = response.text === '' ? undefined : (JSON.parse(response.text) as Record<string, unknown>);
    const code = typeof body?.code === 'string' && response.status >= 400 ? ` ${body.code}` : '';
    // An error of the service's own says where and why; a 503 says why (its detail, numbers left out).
    const where =
      response.status === 503
        ? ` (${String(body?.detail).replace(/\d+/g, 'N')})`
        : response.status >= 500
          ? ` (${method} ${path.replace(/[0-9a-f-]{36}/g, '{id}').split('?')[0]}: ${String(body?.detail)})`
          : '';
    count(ctx.tally, `${response.status}${code}${where}`);
    const retryAfter = Number(response.retryAfter);
    if (response.status !== 503 || !(retryAfter > 0) || ctx.stopped()) {
      return { status: response.status, body, sentAt, firstSentAt };
    }
    await pause(retryAfter * 1000 * (1 + ctx.random() / 2));
  }
};

/** Waits (long poll, C-5.2) until the notification is no longer Pending. */
const settle = async (ctx: BuyerContext, notificationId: string): Promise<Record<string, unknown>> => {
  for (;;) {
    const reply = await request(ctx, 'GET', `/notifications/${notificationId}?waitMs=10000`);
    if (reply.status !== 200 || reply.body === undefined)
      throw new Error(`notification ${notificationId}: ${reply.status}`);
    if (reply.body.status !== 'Pending') return reply.body;
  }
};

/** A command answered with a notification id: waits for the outcome and records it. */
const command = async (
  ctx: BuyerContext,
  method: string,
  path: string,
  json: unknown,
): Promise<{ notification: Record<string, unknown> | undefined; reply: Reply }> => {
  const reply = await request(ctx, method, path, json);
  const id = reply.body?.notificationId;
  if (typeof id !== 'string') return { notification: undefined, reply };
  const notification = await settle(ctx, id);
  ctx.tally.notifications.set(id, String(notification.status));
  const code = (notification.problem as { code?: unknown } | undefined)?.code;
  count(ctx.tally, `notification ${notification.status}${typeof code === 'string' ? ` ${code}` : ''}`);
  return { notification, reply };
};

const succeeded = (outcome: { notification: Record<string, unknown> | undefined }): boolean =>
  outcome.notification?.status === 'Succeeded';

/** Party sizes 1–6, weighted towards families and groups. */
const PARTY = [0.05, 0.15, 0.15, 0.3, 0.15, 0.2];
const partySize = (random: Rng): number => {
  let r = random();
  for (let size = 1; size <= PARTY.length; size += 1) {
    r -= PARTY[size - 1] ?? 0;
    if (r < 0) return size;
  }
  return PARTY.length;
};

/** Seat ids a buyer picks on the seat map: a run of `size` free seats in a row near the front. */
const pickFromMap = (ctx: BuyerContext, size: number): ReadonlyArray<string> | undefined => {
  const free = ctx.seatMap();
  const runs: string[][] = [];
  for (const row of ctx.venue.rows) {
    let run: string[] = [];
    for (const seat of row) {
      run = free.has(seat) ? [...run, seat] : [];
      if (run.length === size) {
        runs.push(run);
        run = [];
      }
    }
    if (runs.length >= 20) break;
  }
  return runs.length === 0 ? undefined : runs[Math.floor(ctx.random() * runs.length)];
};

/** Selections a buyer tries before giving up (and leaving room for the next buyer). */
const ATTEMPTS = 6;

/** Selects seats until it has some, gives up, the event sells out or time is up: answers how many it holds. */
const selectSeats = async (ctx: BuyerContext, basket: string): Promise<number> => {
  const event = encodeURIComponent(ctx.venue.eventId);
  let size = partySize(ctx.random);
  for (let attempt = 0; attempt < ATTEMPTS && !ctx.soldOut() && !ctx.stopped(); attempt += 1) {
    const manual = ctx.random() < ctx.manualShare ? pickFromMap(ctx, size) : undefined;
    const children = ctx.random() < 0.4 ? Math.floor(ctx.random() * size) : 0;
    const body =
      manual !== undefined
        ? {
            seats: manual.map((seatId, i) => ({
              rateId: i < children ? ctx.venue.childRate : ctx.venue.adultRate,
              seatId,
            })),
          }
        : {
            rates: [
              { rateId: ctx.venue.adultRate, quantity: size - children },
              { rateId: ctx.venue.childRate, quantity: children },
            ].filter((rate) => rate.quantity > 0),
          };
    const outcome = await command(
      ctx,
      'POST',
      `/baskets/${basket}/products/${event}/ticketing/select-seats`,
      body,
    );
    ctx.tally.selections += 1;
    if (succeeded(outcome)) {
      const now = performance.now();
      ctx.tally.selectToSucceeded.push(now - outcome.reply.sentAt);
      ctx.tally.selectToSucceededWithWaits.push(now - outcome.reply.firstSentAt);
      ctx.tally.selectionsSucceededAt.push(now);
      ctx.tally.seatsSelected += size;
      return size;
    }
    ctx.tally.selectionsRefused += 1;
    // Refused (the seats went, or no section has room for the party): look again a moment later;
    // after a few tries a party splits up and asks for fewer seats.
    if (attempt % 2 === 1 && size > 1) size -= 1;
    await pause(1000 + ctx.random() * 2000);
  }
  return 0;
};

const kioskDelivery = {
  type: 'KioskCollection',
  id: 'fnb-kiosk',
  kioskId: 'kiosk-north',
  collectionTime: '2027-05-16T14:30:00.000Z',
  collectionId: 'onsale',
  seatId: 'onsale',
};

/** One buyer's whole visit. Throws only on answers the contract does not allow. */
export const buyer = async (ctx: BuyerContext): Promise<void> => {
  // When the run's time is up, a buyer leaves before the payment page (never with a confirmed intent).
  const leaves = (share: number): boolean => {
    if (ctx.stopped()) return true;
    const gone = ctx.random() < share;
    if (gone) ctx.tally.abandoned += 1;
    return gone;
  };
  const created = await request(ctx, 'POST', '/baskets');
  // Still refused at the door when the run's time is up: the buyer leaves without a basket.
  if (created.status === 503 && ctx.stopped()) return;
  const basket = created.body?.id;
  if (created.status !== 200 || typeof basket !== 'string')
    throw new Error(`createBasket: ${created.status}`);
  ctx.tally.basketWaits.push(performance.now() - created.firstSentAt);
  const B = `/baskets/${basket}`;
  if ((await selectSeats(ctx, basket)) === 0 || leaves(ctx.abandon.afterSeats)) return;

  const food = await command(ctx, 'POST', `${B}/products/${encodeURIComponent(ctx.venue.pieId)}`, {
    quantity: 1 + Math.floor(ctx.random() * 3),
  });
  if (!succeeded(food)) return;
  if (leaves(ctx.abandon.afterFood)) return;

  const read = await request(ctx, 'GET', B);
  const providerBaskets = (read.body?.providerBaskets ?? []) as Array<{ id: string }>;
  for (const pb of providerBaskets) {
    const deliveryMethod = pb.id.startsWith('tix:') ? { type: 'Digital', id: 'tix-mobile' } : kioskDelivery;
    const set = await command(ctx, 'POST', `${B}/provider/${encodeURIComponent(pb.id)}/set-delivery-method`, {
      deliveryMethod,
    });
    // Holds that ran out meanwhile (C-7.8) take their provider basket with them: start again.
    if (!succeeded(set)) return;
  }
  if (leaves(ctx.abandon.afterDelivery)) return;

  const details = await command(ctx, 'PATCH', `${B}/set-customer-details`, {
    customerDetails: [
      { type: 'Email', value: { email: 'buyer@example.com' } },
      { type: 'FirstName', value: { name: 'Sam' } },
      { type: 'LastName', value: { name: 'Buyer' } },
    ],
  });
  if (!succeeded(details)) return;
  if (leaves(ctx.abandon.afterDetails)) return;

  const intent = await request(ctx, 'POST', `${B}/payment-intents`, {});
  let paymentIntentId: string | undefined;
  if (intent.status === 200) paymentIntentId = String(intent.body?.id);
  else if (intent.status === 202 && typeof intent.body?.notificationId === 'string') {
    const notification = await settle(ctx, intent.body.notificationId);
    ctx.tally.notifications.set(intent.body.notificationId, String(notification.status));
    if (notification.status !== 'Succeeded') return;
    paymentIntentId = String(notification.paymentIntentId);
  } else return; // e.g. 422 basket-empty: the holds ran out before the payment page.
  if (ctx.random() < ctx.abandon.atPayment) {
    ctx.tally.abandoned += 1;
    await command(ctx, 'DELETE', `${B}/payment-intents/${paymentIntentId}`, undefined);
    return;
  }
  if (leaves(ctx.abandon.leaveAtPayment ?? 0)) return;
  const paid = await request(ctx, 'POST', '/psp/tokens/use-existing', {
    paymentIntentId,
    tokenId: ctx.tokenId,
  });
  if (paid.status === 204) {
    ctx.tally.payments.set(basket, (ctx.tally.payments.get(basket) ?? 0) + 1);
    ctx.tally.paidBaskets.add(basket);
    ctx.tally.purchases += 1;
  } else {
    ctx.tally.errors.push(`payment of ${basket}: ${paid.status} ${JSON.stringify(paid.body)}`);
  }
};
