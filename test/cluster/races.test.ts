// C-6.3, C-6.4, C-6.5, C-8.6: two server processes on one PostgreSQL
// database, every request going to the other process than the one before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceExpectations } from '../races/expectations';
import { httpApi } from '../races/http-api';
import { alice, alternating, bodyOf, codeOf, guest, type Lanes, payableBasket } from '../races/scenarios';
import { type Cluster, startCluster } from './harness';

describe('races across two server processes on one PostgreSQL database', () => {
  let cluster: Cluster;
  let lanes: Lanes;
  beforeAll(async () => {
    cluster = await startCluster();
    lanes = alternating(cluster.urls.map(httpApi));
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  raceExpectations(
    'two processes',
    () => lanes,
    (title, fn) => it(title, fn, 120_000),
  );

  const chargesOf = async (paymentIntentId: string): Promise<number> => {
    const [row] = await cluster.db.query(
      `SELECT count(*)::int AS n FROM ${cluster.schema}.payment_charges WHERE payment_intent_id = $1`,
      [paymentIntentId],
    );
    return Number(row?.n);
  };

  const eventsOf = async (basketId: string): Promise<ReadonlyArray<string>> => {
    const answer = await lanes.next().getBasketEvents(guest, basketId);
    return (bodyOf(answer).events as ReadonlyArray<{ type: string }>).map((event) => event.type);
  };

  it('(g) 200 buyers paying at once, some declined first: at most one charge each, every charged basket checked out, every 402 left no charge (C-8.6)', async () => {
    const buyers = 200;
    type Buyer = { basketId: string; intentId: string; declinedFirst: boolean; declinedOnly: boolean };
    const prepared: Buyer[] = await Promise.all(
      Array.from({ length: buyers }, async (_, n): Promise<Buyer> => {
        const basketId = await payableBasket(lanes);
        const created = await lanes.next().createPaymentIntent(guest, basketId, {});
        const intentId =
          created.status === 200
            ? String(bodyOf(created).id)
            : String(
                bodyOf(
                  await lanes.next().getNotification(guest, String(bodyOf(created).notificationId), 30_000),
                ).paymentIntentId,
              );
        return { basketId, intentId, declinedFirst: n % 4 === 1, declinedOnly: n % 8 === 3 };
      }),
    );
    const pay = (buyer: Buyer, tokenId: string) =>
      lanes.next().useSavedPaymentToken(alice, { paymentIntentId: buyer.intentId, tokenId });
    const results = await Promise.all(
      prepared.map(async (buyer) => {
        const answers = [];
        if (buyer.declinedFirst || buyer.declinedOnly) {
          const declined = await pay(buyer, 'tok_alice_declined');
          answers.push({
            status: declined.status,
            code: codeOf(declined),
            charges: await chargesOf(buyer.intentId),
          });
        }
        if (!buyer.declinedOnly) {
          const paid = await pay(buyer, 'tok_alice_visa');
          answers.push({ status: paid.status, code: codeOf(paid), charges: await chargesOf(buyer.intentId) });
        }
        return { buyer, answers };
      }),
    );
    for (const { buyer, answers } of results) {
      const charges = await chargesOf(buyer.intentId);
      expect(charges).toBeLessThanOrEqual(1);
      for (const answer of answers.filter((a) => a.status === 402)) {
        expect(answer).toMatchObject({ code: 'payment-declined', charges: 0 });
      }
      const events = await eventsOf(buyer.basketId);
      if (charges === 1) expect(events).toContain('BasketCheckedOut');
      else expect(events).not.toContain('BasketCheckedOut');
      const expected = [
        ...(buyer.declinedFirst || buyer.declinedOnly ? [402] : []),
        ...(buyer.declinedOnly ? [] : [204]),
      ];
      expect(
        answers.map((a) => a.status),
        JSON.stringify(answers),
      ).toEqual(expected);
      expect(charges).toBe(buyer.declinedOnly ? 0 : 1);
    }
  }, 600_000);
});
