import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { BASKET_ID, buildApp, fakeApi, KEY, notificationAnswer, token } from './support';

// A malformed request pipelined behind one the service is still answering: the earlier request may
// have changed a basket, and its client reads answers in order, so its answer goes out first, then
// the 400 for the malformed one, then the connection closes (before, the 400 went first and the
// earlier answer was lost, while its command ran).

/** An API whose voucher additions wait until the test lets them answer. */
const heldApi = () => {
  let arrived: () => void = () => undefined;
  const arrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { api, calls } = fakeApi(async (operation) => {
    if (operation === 'addVoucherToBasket') {
      arrived();
      await released;
    }
    return notificationAnswer;
  });
  return { api, calls, arrival, release };
};

describe('a malformed request pipelined behind one being answered', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('is answered 400 after the earlier answer, in order, then the connection closes', async () => {
    const held = heldApi();
    app = await buildApp(held.api);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const body = JSON.stringify({ voucherCode: 'SHIRT10' });
    const valid = [
      `POST /baskets/${BASKET_ID}/voucher HTTP/1.1`,
      'host: localhost',
      `x-api-key: ${KEY}`,
      `authorization: Bearer ${await token()}`,
      'content-type: application/json',
      `content-length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n');
    const socket = connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    let text = '';
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(`${valid}GARBAGE\r\n\r\n`);
    await held.arrival;
    held.release();
    await closed;
    const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
    expect(statuses).toEqual(['200', '400']);
    expect(held.calls.filter((call) => call.operation === 'addVoucherToBasket')).toHaveLength(1);
  });
});
