import { randomBytes } from 'node:crypto';
import type { Caller } from '@basket/app';
import { createPostgresStorage, dropSchema, openPgPool } from '@basket/store-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../postgres/harness';
import { alice, bodyOf, expectProblem, ids, text, type World, world } from './support';

// C-1.6 at the app's own door: an embedder calling BasketApi directly (no HTTP layer in front) gets
// the same 400 for a string no storage can keep, and nothing reaches PostgreSQL.
const schema = `storable_strings_${process.pid}`;
const db = openPgPool(postgresUrl);
let app: World['app'];
let basketId: string;
beforeAll(async () => {
  await dropSchema(db, schema);
  app = (await world({ storage: await createPostgresStorage({ db, schema }) })).app;
  basketId = text(bodyOf(await app.api.createBasket(alice)), 'id');
});
afterAll(async () => {
  await dropSchema(db, schema);
  await db.close();
});

describe('strings no storage can keep are a 400 from the app API (C-1.6)', () => {
  it('a NUL in a customer detail value', async () => {
    const answer = await app.api.setCustomerDetails(alice, basketId, {
      customerDetails: [{ type: 'FirstName', value: { name: 'Al\u0000ice' } }],
    });
    expectProblem(answer, 400, 'validation-failed');
    expect('problem' in answer ? answer.problem.errors : undefined).toEqual([
      expect.objectContaining({ path: 'customerDetails.0.value.name' }),
    ]);
  });

  it('an unpaired surrogate in a path id and in a field name', async () => {
    expectProblem(
      await app.api.addProduct(alice, basketId, `${ids.pie}\ud800`, { quantity: 1 }),
      400,
      'validation-failed',
    );
    expectProblem(
      await app.api.createPaymentIntent(alice, basketId, { '\udc00note': 'x' }),
      400,
      'validation-failed',
    );
  });

  it('a NUL or an unpaired surrogate in the caller: store, contact and Idempotency-Key', async () => {
    const idempotency = (key: string) => ({ key, fingerprint: 'POST /baskets' });
    const answers = [
      await app.api.createBasket({ storeId: 'arena-web\u0000' }),
      await app.api.assignContact({ ...alice, contactId: 'contact-\u0000alice' }, basketId),
      await app.api.addProduct({ ...alice, idempotency: idempotency('retry-\u0000-1') }, basketId, ids.pie, {
        quantity: 1,
      }),
      await app.api.addProduct({ ...alice, idempotency: idempotency('retry-\ud800') }, basketId, ids.pie, {
        quantity: 1,
      }),
    ];
    for (const answer of answers) expectProblem(answer, 400, 'validation-failed');
    expect(
      answers.map((answer) => ('problem' in answer ? answer.problem.errors?.[0]?.path : undefined)),
    ).toEqual(['caller.storeId', 'caller.contactId', 'caller.idempotencyKey', 'caller.idempotencyKey']);
  });

  it('an empty store id, contact id or Idempotency-Key in the caller is a 400 (C-1.7)', async () => {
    const answers = [
      await app.api.createBasket({ storeId: '' }),
      await app.api.createBasket({ storeId: 'arena-web', contactId: '' }),
      await app.api.addProduct(
        { ...alice, idempotency: { key: '', fingerprint: 'POST' } },
        basketId,
        ids.pie,
        {
          quantity: 1,
        },
      ),
    ];
    for (const answer of answers) expectProblem(answer, 400, 'validation-failed');
    expect(answers.map((answer) => ('problem' in answer ? answer.problem.errors?.[0] : undefined))).toEqual([
      { path: 'caller.storeId', message: 'must not be empty' },
      { path: 'caller.contactId', message: 'must not be empty' },
      { path: 'caller.idempotencyKey', message: 'must not be empty' },
    ]);
  });

  it('the basket is untouched and still served', async () => {
    const basket = bodyOf(await app.api.getBasket(alice, basketId));
    expect(basket.id).toBe(basketId);
    expect(basket.providerBaskets).toEqual([]);
  });
});

describe('a contact id of any length keys its requests (C-6.3)', () => {
  // A token's `sub` has no bound of its own; a key holding 3,200 characters of it (random, so that
  // PostgreSQL cannot compress it) would pass its btree limit (about 2,700 bytes), and every keyed
  // request of that contact failed.
  const random = randomBytes(2_400).toString('base64');
  const long = (last: string): Caller => ({ storeId: 'arena-web', contactId: `${random}${last}` });
  const keyed = (caller: Caller): Caller => ({
    ...caller,
    idempotency: { key: 'create-1', fingerprint: 'createBasket' },
  });

  it('answers the first answer again to the same long contact, and a new one to another', async () => {
    const first = await app.api.createBasket(keyed(long('a')));
    expect(first.status).toBe(200);
    expect(await app.api.createBasket(keyed(long('a')))).toEqual(first);
    const other = await app.api.createBasket(keyed(long('b')));
    expect(other.status).toBe(200);
    expect(text(bodyOf(other), 'id')).not.toBe(text(bodyOf(first), 'id'));
  });
});
