// Race scenarios of C-6.3 and C-6.4, written once against `RaceApi` and run on every configuration:
// the app in-process on memory and on PGlite, and two server processes on one PostgreSQL database
// (requests alternating between them). Each answers what a test asserts on.
import type { Answer, Caller, JsonObject, Preconditions } from '@basket/app';
import type { RaceApi } from './http-api';

export const PIE = 'fnb:arena|46602259e87b5062c3ef0e0f';
export const SHIRT = 'shop|b4fc97c45b14a06fbcbdf88d';
export const guest: Caller = { storeId: 'arena-web' };
export const alice: Caller = { storeId: 'arena-web', contactId: 'contact-alice' };
export const bob: Caller = { storeId: 'arena-web', contactId: 'contact-bob' };

/** The APIs requests go to, in turn: request n goes to `lanes[n % lanes.length]`. */
export type Lanes = { readonly next: () => RaceApi };

export const alternating = (apis: ReadonlyArray<RaceApi>): Lanes => {
  let n = 0;
  return {
    next: () => {
      const api = apis[n % apis.length];
      n += 1;
      if (api === undefined) throw new Error('no API to send to');
      return api;
    },
  };
};

export const bodyOf = (answer: Answer): JsonObject => {
  if (!('body' in answer)) throw new Error(`expected a body, got ${JSON.stringify(answer)}`);
  return answer.body;
};

const text = (body: JsonObject, key: string): string => {
  const value = body[key];
  if (typeof value !== 'string') throw new Error(`no ${key} in ${JSON.stringify(body)}`);
  return value;
};

export const codeOf = (answer: Answer): string | undefined =>
  'problem' in answer ? answer.problem.code : undefined;

export const keyed = (caller: Caller, key: string, fingerprint: string): Caller => ({
  ...caller,
  idempotency: { key, fingerprint },
});

/** The notification once it is no longer Pending (long polls, C-5.2). */
export const settled = async (lanes: Lanes, caller: Caller, notificationId: string): Promise<JsonObject> => {
  for (let i = 0; i < 100; i += 1) {
    const notification = bodyOf(await lanes.next().getNotification(caller, notificationId, 10_000));
    if (notification.status !== 'Pending') return notification;
  }
  throw new Error(`notification ${notificationId} stayed Pending`);
};

export const succeeds = async (lanes: Lanes, caller: Caller, answer: Promise<Answer>): Promise<void> => {
  const accepted = await answer;
  const done = await settled(lanes, caller, text(bodyOf(accepted), 'notificationId'));
  if (done.status !== 'Succeeded') throw new Error(`expected Succeeded: ${JSON.stringify(done)}`);
};

type Line = { readonly id: string; readonly providerBasketId: string; readonly quantity: number };

export const basketOf = async (lanes: Lanes, caller: Caller, basketId: string) => {
  const answer = await lanes.next().getBasket(caller, basketId);
  const body = bodyOf(answer);
  const providerBaskets = (body.providerBaskets ?? []) as ReadonlyArray<{
    id: string;
    lineItems: ReadonlyArray<Record<string, unknown>>;
  }>;
  const lines: Line[] = providerBaskets.flatMap((pb) =>
    pb.lineItems.map((line) => {
      const consumable = (line.consumable ?? line.variableProduct ?? {}) as { quantity?: number };
      return { id: String(line.id), providerBasketId: pb.id, quantity: Number(consumable.quantity ?? 0) };
    }),
  );
  return {
    body,
    version: 'version' in answer ? (answer.version ?? 0) : 0,
    lines,
    vouchers: (body.vouchers ?? []) as ReadonlyArray<{ code?: string; voucherCode?: string }>,
  };
};

export const newBasket = async (lanes: Lanes, caller: Caller = guest): Promise<string> =>
  text(bodyOf(await lanes.next().createBasket(caller)), 'id');

/** A basket of one pie, collected at a kiosk, with the email the provider needs: ready to pay (C-8.1). */
export const payableBasket = async (lanes: Lanes, caller: Caller = guest): Promise<string> => {
  const id = await newBasket(lanes, caller);
  await succeeds(lanes, caller, lanes.next().addProduct(caller, id, PIE, { quantity: 1 }));
  const [line] = (await basketOf(lanes, caller, id)).lines;
  if (line === undefined) throw new Error('the pie is not in the basket');
  const collectionTime = new Date(Date.now() + 7 * 86_400_000).toISOString();
  await succeeds(
    lanes,
    caller,
    lanes.next().setProviderBasketDeliveryMethod(caller, id, line.providerBasketId, {
      deliveryMethod: {
        type: 'KioskCollection',
        id: 'fnb-kiosk',
        kioskId: 'kiosk-north',
        collectionTime,
        seatId: 'my-seat',
        collectionId: 'my-order',
      },
    }),
  );
  await succeeds(
    lanes,
    caller,
    lanes.next().setCustomerDetails(caller, id, {
      customerDetails: [{ type: 'Email', value: { email: 'buyer@example.com' } }],
    }),
  );
  return id;
};

/** (a) `count` concurrent quantity changes of one line with the same current If-Match. */
export const sameIfMatch = async (lanes: Lanes, count = 8) => {
  const id = await newBasket(lanes);
  await succeeds(lanes, guest, lanes.next().addProduct(guest, id, PIE, { quantity: 1 }));
  const before = await basketOf(lanes, guest, id);
  const [line] = before.lines;
  if (line === undefined) throw new Error('no line');
  const pre: Preconditions = { ifMatch: before.version };
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      lanes
        .next()
        .updateLineItemQuantity(guest, id, line.providerBasketId, line.id, { quantity: i + 2 }, pre)
        .then((answer) => ({ quantity: i + 2, answer })),
    ),
  );
  const applied = answers.filter((a) => a.answer.status === 200);
  const outcomes = await Promise.all(
    applied.map((a) => settled(lanes, guest, text(bodyOf(a.answer), 'notificationId'))),
  );
  const after = await basketOf(lanes, guest, id);
  return { answers, applied, outcomes, before, after };
};

/** (b) `count` racing createPaymentIntent on a ready basket. */
export const racingIntents = async (lanes: Lanes, count = 4) => {
  const id = await payableBasket(lanes);
  const answers = await Promise.all(
    Array.from({ length: count }, () => lanes.next().createPaymentIntent(guest, id, {})),
  );
  const notifications = await Promise.all(
    answers
      .filter((a) => a.status === 202)
      .map((a) => settled(lanes, guest, text(bodyOf(a), 'notificationId'))),
  );
  const basket = await basketOf(lanes, guest, id);
  const events = bodyOf(await lanes.next().getBasketEvents(guest, id)).events as ReadonlyArray<{
    type: string;
  }>;
  return { answers, notifications, basket, locks: events.filter((e) => e.type === 'BasketLocked').length };
};

/** (c) add then remove a voucher without waiting for the add's outcome, `rounds` times. */
export const voucherOnOff = async (lanes: Lanes, rounds = 20) => {
  const id = await newBasket(lanes);
  await succeeds(
    lanes,
    guest,
    lanes.next().addProduct(guest, id, SHIRT, { quantity: 1, productVariantId: 'home-shirt-m' }),
  );
  const seen: Array<{ add: number; remove: number; vouchers: number }> = [];
  for (let round = 0; round < rounds; round += 1) {
    const add = await lanes.next().addVoucherToBasket(guest, id, { voucherCode: 'SHIRT10' });
    const remove = await lanes.next().removeVoucherFromBasket(guest, id, { voucherCode: 'SHIRT10' });
    if (remove.status === 200) await settled(lanes, guest, text(bodyOf(remove), 'notificationId'));
    seen.push({
      add: add.status,
      remove: remove.status,
      vouchers: (await basketOf(lanes, guest, id)).vouchers.length,
    });
  }
  return seen;
};

/** (d) a 204 and a 409 replayed after the basket changed: the same answers, and no change. */
export const replaysAfterChange = async (lanes: Lanes, tag: string) => {
  const id = await payableBasket(lanes);
  const details = { customerDetails: [{ type: 'Email', value: { email: 'buyer@example.com' } }] };
  const same = keyed(
    guest,
    `${tag}-204`,
    `PATCH /baskets/${id}/set-customer-details ${JSON.stringify(details)}`,
  );
  const first204 = await lanes.next().setCustomerDetails(same, id, details);
  await succeeds(
    lanes,
    guest,
    lanes.next().setCustomerDetails(guest, id, {
      customerDetails: [{ type: 'Email', value: { email: 'other@example.com' } }],
    }),
  );
  const changed = await basketOf(lanes, guest, id);
  const replay204 = await lanes.next().setCustomerDetails(same, id, details);
  const after204 = await basketOf(lanes, guest, id);

  const intent = await lanes.next().createPaymentIntent(guest, id, {});
  const intentId =
    intent.status === 200
      ? text(bodyOf(intent), 'id')
      : text(await settled(lanes, guest, text(bodyOf(intent), 'notificationId')), 'paymentIntentId');
  const add = keyed(guest, `${tag}-409`, `POST /baskets/${id}/products/${PIE} {"quantity":1}`);
  const first409 = await lanes.next().addProduct(add, id, PIE, { quantity: 1 });
  await succeeds(lanes, guest, lanes.next().deletePaymentIntent(guest, id, intentId));
  const unlocked = await basketOf(lanes, guest, id);
  const replay409 = await lanes.next().addProduct(add, id, PIE, { quantity: 1 });
  const after409 = await basketOf(lanes, guest, id);
  return { first204, replay204, changed, after204, first409, replay409, unlocked, after409 };
};

/**
 * A keyed createPaymentIntent, then its intent cancelled, then the request replayed: the replay
 * answers the first answer as given (C-6.3), not the intent as it is by then.
 */
export const intentReplayAfterCancel = async (lanes: Lanes, tag: string) => {
  const id = await payableBasket(lanes);
  const create = keyed(guest, `${tag}-intent`, `POST /baskets/${id}/payment-intents {}`);
  const first = await lanes.next().createPaymentIntent(create, id, {});
  const intentId =
    first.status === 200
      ? text(bodyOf(first), 'id')
      : text(await settled(lanes, guest, text(bodyOf(first), 'notificationId')), 'paymentIntentId');
  await succeeds(lanes, guest, lanes.next().deletePaymentIntent(guest, id, intentId));
  const replays = [
    await lanes.next().createPaymentIntent(create, id, {}),
    await lanes.next().createPaymentIntent(create, id, {}),
  ];
  const after = await basketOf(lanes, guest, id);
  return { first, replays, after };
};

/** (e) `count` racing requests with one Idempotency-Key and one body. */
export const oneKeyRacing = async (lanes: Lanes, tag: string, count = 10) => {
  const id = await newBasket(lanes);
  const caller = keyed(guest, `${tag}-race`, `POST /baskets/${id}/products/${PIE} {"quantity":1}`);
  const answers = await Promise.all(
    Array.from({ length: count }, () => lanes.next().addProduct(caller, id, PIE, { quantity: 1 })),
  );
  const ids = new Set(answers.map((a) => ('body' in a ? a.body.notificationId : undefined)));
  const [first] = answers;
  if (first !== undefined && first.status === 200)
    await settled(lanes, guest, text(bodyOf(first), 'notificationId'));
  const basket = await basketOf(lanes, guest, id);
  return { answers, ids, basket };
};

/** Another caller resending a contact's key gets its own answer (C-6.3, keys scoped to the caller). */
export const keyOfAnother = async (lanes: Lanes, tag: string) => {
  const id = await newBasket(lanes, alice);
  await succeeds(lanes, alice, lanes.next().assignContact(alice, id));
  const fingerprint = `PATCH /baskets/${id}/assign-contact`;
  const body = { customerDetails: [{ type: 'Email', value: { email: 'alice@example.com' } }] };
  const first = await lanes.next().setCustomerDetails(keyed(alice, `${tag}-mine`, fingerprint), id, body);
  const byBob = await lanes.next().setCustomerDetails(keyed(bob, `${tag}-mine`, fingerprint), id, body);
  const byGuest = await lanes.next().setCustomerDetails(keyed(guest, `${tag}-mine`, fingerprint), id, body);
  return { first, byBob, byGuest };
};
