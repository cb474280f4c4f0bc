import { type ClientRequest, request } from 'node:http';
import type { Answer, BasketApi, Caller } from '@basket/app';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, fakeApi, KEY, NOTIFICATION_ID, token } from './support';

// A long poll (GET /notifications/{id}?waitMs, C-5.2), or a payment waiting for its outcome (endpoint
// 17, C-4.3), whose client goes away: the adapter aborts the caller's signal, so the app ends the wait
// at once (packages/app/test/long-poll-abort.test.ts) instead of holding a timer and re-reading the
// storage until the wait ends.

const pending: Answer = { status: 200, body: { notificationId: NOTIFICATION_ID, status: 'Pending' } };

/** An API whose `waiting` calls wait until their caller's signal aborts, or `finish` is called. */
const waitingApi = (waiting: keyof BasketApi = 'getNotification') => {
  const callers: Caller[] = [];
  let arrived: () => void = () => undefined;
  const arrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const ended: Array<Promise<void>> = [];
  const { api } = fakeApi(async (operation, args) => {
    if (operation !== waiting) return pending;
    const caller = args[0] as Caller;
    callers.push(caller);
    const gone = new Promise<void>((resolve) => caller.signal?.addEventListener('abort', () => resolve()));
    ended.push(gone);
    arrived();
    await Promise.race([gone, finished]);
    return pending;
  });
  return { api, callers, arrival, finish, ended };
};

/** Sends `client`'s request, hangs up once the app holds its wait, and checks that the caller's signal aborted then. */
const hangUpMidWait = async (
  waiting: ReturnType<typeof waitingApi>,
  client: ClientRequest,
  body?: string,
): Promise<void> => {
  client.on('error', () => undefined); // the test hangs up itself
  client.end(body);
  await waiting.arrival;
  const [caller] = waiting.callers;
  expect(caller?.signal?.aborted).toBe(false);
  client.destroy();
  await waiting.ended[0]; // resolves only when the signal aborts
  expect(caller?.signal?.aborted).toBe(true);
};

describe('a long poll whose client went away', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  const listen = async (server: FastifyInstance): Promise<number> => {
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  };

  it('aborts the caller’s signal when the connection closes before the answer', async () => {
    const waiting = waitingApi();
    app = await buildApp(waiting.api);
    const port = await listen(app);
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const client = request({
      host: '127.0.0.1',
      port,
      path: `/notifications/${NOTIFICATION_ID}?waitMs=30000`,
      headers,
    });
    await hangUpMidWait(waiting, client);
  });

  it('leaves the signal alone when the answer is written, and passes none without waitMs', async () => {
    const waiting = waitingApi();
    app = await buildApp(waiting.api);
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const polled = app.inject({
      method: 'GET',
      url: `/notifications/${NOTIFICATION_ID}?waitMs=30000`,
      headers,
    });
    await waiting.arrival;
    waiting.finish();
    expect((await polled).statusCode).toBe(200);
    expect(waiting.callers[0]?.signal?.aborted).toBe(false);
    await app.inject({ method: 'GET', url: `/notifications/${NOTIFICATION_ID}`, headers });
    expect(waiting.callers[1]?.signal).toBeUndefined();
  });

  it('aborts the signal of a payment waiting for its outcome when its connection closes', async () => {
    const waiting = waitingApi('useSavedPaymentToken');
    app = await buildApp(waiting.api);
    const port = await listen(app);
    const body = JSON.stringify({ paymentIntentId: NOTIFICATION_ID, tokenId: 'tok_alice_visa' });
    const client = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/psp/tokens/use-existing',
      headers: {
        'x-api-key': KEY,
        authorization: `Bearer ${await token()}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    await hangUpMidWait(waiting, client, body);
  });
});
