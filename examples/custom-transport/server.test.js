import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { startServer } from './server.js';

const PIE = 'fnb:arena|46602259e87b5062c3ef0e0f';
const alice = { 'x-store': 'arena-web', 'x-contact': 'contact-alice' };
const otherStore = { 'x-store': 'another-store' };

let server;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const call = async (method, path, headers, body) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    body: text === '' ? undefined : JSON.parse(text),
  };
};

test('a basket over node:http: create, add a product, wait for the outcome, read, remove the line', async () => {
  const created = await call('POST', '/baskets', alice);
  assert.equal(created.status, 200);
  const basketId = created.body.id;

  const accepted = await call('POST', `/baskets/${basketId}/products/${encodeURIComponent(PIE)}`, alice, {
    quantity: 2,
  });
  assert.equal(accepted.status, 200);
  const outcome = await call('GET', `/notifications/${accepted.body.notificationId}?waitMs=5000`, alice);
  assert.equal(outcome.status, 200);
  assert.equal(outcome.body.status, 'Succeeded');

  const read = await call('GET', `/baskets/${basketId}`, alice);
  assert.equal(read.status, 200);
  assert.match(read.etag, /^"\d+"$/);
  assert.deepEqual(read.body.totalPrice, { minorUnits: 2500, currencyCode: 'GBP', precision: 2 });
  const [providerBasket] = read.body.providerBaskets;
  const [line] = providerBasket.lineItems;
  assert.equal(line.consumable.quantity, 2);

  const removing = await call(
    'DELETE',
    `/baskets/${basketId}/provider-baskets/${providerBasket.id}/line-items/${line.id}`,
    alice,
  );
  assert.equal(removing.status, 200);
  const removed = await call('GET', `/notifications/${removing.body.notificationId}?waitMs=5000`, alice);
  assert.equal(removed.body.status, 'Succeeded');
  const emptied = await call('GET', `/baskets/${basketId}`, alice);
  assert.equal(emptied.body.totalPrice.minorUnits, 0);
});

test("the app's rules hold behind this transport: validation, store scoping, unknown baskets", async () => {
  const { body: basket } = await call('POST', '/baskets', alice);
  const invalid = await call('POST', `/baskets/${basket.id}/products/${encodeURIComponent(PIE)}`, alice, {
    quantity: 0,
  });
  assert.equal(invalid.status, 400);
  assert.equal(invalid.body.code, 'validation-failed');
  assert.ok(invalid.body.errors.some((error) => error.path === 'quantity'));

  // C-2.4: a basket is found only in its own store.
  const foreign = await call('GET', `/baskets/${basket.id}`, otherStore);
  assert.equal(foreign.status, 404);

  const unknown = await call('GET', '/baskets/0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0d', alice);
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.code, 'basket-not-found');
});

test("the transport's own refusals: no caller, no route, a body that is not JSON", async () => {
  // The contract's codes (C-3.1, C-3.2), as the service's own HTTP adapter answers them.
  const anonymous = await call('POST', '/baskets', {});
  assert.deepEqual([anonymous.status, anonymous.body.code], [401, 'unauthorized']);
  const nowhere = await call('GET', '/nowhere', alice);
  assert.deepEqual([nowhere.status, nowhere.body.code], [404, 'not-found']);
  const wrongMethod = await call('PUT', '/baskets', alice);
  assert.deepEqual([wrongMethod.status, wrongMethod.body.code], [405, 'method-not-allowed']);
  const response = await fetch(`${server.url}/baskets/x/products/y`, {
    method: 'POST',
    headers: { ...alice, 'content-type': 'application/json' },
    body: '{not json',
  });
  assert.equal(response.status, 400);
  // Problems of the contract (C-3.2), titled with the status's reason phrase.
  assert.deepEqual([anonymous.body.title, nowhere.body.title], ['Unauthorized', 'Not Found']);
  const huge = await fetch(`${server.url}/baskets/x/products/y`, {
    method: 'POST',
    headers: { ...alice, 'content-type': 'application/json' },
    body: JSON.stringify({ note: 'x'.repeat(300 * 1024) }),
  });
  assert.deepEqual([huge.status, (await huge.json()).code], [413, 'payload-too-large']);
});

test('waitMs and ETags as the HTTP interface has them', async () => {
  const { body: basket } = await call('POST', '/baskets', alice);
  const accepted = await call('POST', `/baskets/${basket.id}/products/${encodeURIComponent(PIE)}`, alice, {
    quantity: 1,
  });
  // The app refuses a waitMs outside 0 to 30000 (C-5.2), as GET /notifications does over HTTP.
  for (const waitMs of ['abc', '-1', '30001']) {
    const refused = await call(
      'GET',
      `/notifications/${accepted.body.notificationId}?waitMs=${waitMs}`,
      alice,
    );
    assert.deepEqual([refused.status, refused.body.code], [400, 'validation-failed'], waitMs);
  }
  // An ETag only where the operation table has one (the basket's reads and writes), not on a
  // notification's answer.
  assert.equal(accepted.etag, null);
  const read = await call('GET', `/baskets/${basket.id}`, alice);
  assert.match(read.etag, /^"\d+"$/);
});

test("Idempotency-Key with the HTTP package's fingerprint, which loads without Fastify", async () => {
  // Fastify is an optional peer of @basket/http: this example does not install it.
  assert.throws(() => createRequire(import.meta.url).resolve('fastify'));
  const { body: basket } = await call('POST', '/baskets', alice);
  const path = `/baskets/${basket.id}/products/${encodeURIComponent(PIE)}`;
  const keyed = { ...alice, 'idempotency-key': `add-${basket.id}` };
  const first = await call('POST', path, keyed, { quantity: 1 });
  const again = await call('POST', path, keyed, { quantity: 1 });
  assert.equal(first.status, 200);
  assert.deepEqual(again.body, first.body);
  const other = await call('POST', path, keyed, { quantity: 2 });
  assert.deepEqual([other.status, other.body.code], [422, 'idempotency-key-reused']);
  const malformed = await call('POST', path, { ...alice, 'idempotency-key': ' ' }, { quantity: 1 });
  assert.deepEqual([malformed.status, malformed.body.errors[0].path], [400, 'Idempotency-Key']);
});
