import type { LedgerAmount, PaymentSessionRecord, ProviderLedger } from '@basket/app';
import { describe, expect, it } from 'vitest';
import { at, type StorageRef, uuid } from './fixture';

const amount: LedgerAmount = { minorUnits: 4_250, currencyCode: 'GBP', precision: 2 };

const session = (paymentIntentId = uuid(), reference = `psp:test|${uuid()}`) => ({
  paymentIntentId,
  reference,
  payload: { provider: 'test', nested: { list: [1, 'two'] } },
  amount,
});

const charge = (opened: { paymentIntentId: string; reference: string }, tokenId = 'tok-1') => ({
  paymentIntentId: opened.paymentIntentId,
  reference: opened.reference,
  contactId: 'contact-conformance',
  tokenId,
  at: at(5_000),
});

const opened = async (ledger: ProviderLedger): Promise<PaymentSessionRecord> => ledger.openSession(session());

/**
 * ProviderLedger (C-6.5, C-8.6): what stateless providers have done, shared by every process. A
 * session is opened once per intent, a payment is taken at most once per intent, whoever asks.
 */
export const providerLedgerCases = (storage: StorageRef): void => {
  describe('provider ledger (C-6.5, C-8.6)', () => {
    it('opens one session per intent: the first one stays, whatever a later open brings', async () => {
      const ledger = storage().providerLedger;
      const first = session();
      expect(await ledger.session(first.paymentIntentId)).toBeUndefined();
      expect(await ledger.openSession(first)).toEqual({ ...first, status: 'open' });
      const again = await ledger.openSession({
        ...session(first.paymentIntentId),
        amount: { ...amount, minorUnits: 1 },
      });
      expect(again).toEqual({ ...first, status: 'open' });
      expect(await ledger.session(first.paymentIntentId)).toEqual({ ...first, status: 'open' });
    });

    it('answers one session to concurrent opens of one intent', async () => {
      const ledger = storage().providerLedger;
      const paymentIntentId = uuid();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => ledger.openSession(session(paymentIntentId))),
      );
      expect(new Set(answers.map((answer) => answer.reference)).size).toBe(1);
      expect(await ledger.session(paymentIntentId)).toEqual(answers[0]);
    });

    it('takes a payment once: the session is then paid, and later charges take nothing', async () => {
      const ledger = storage().providerLedger;
      const open = await opened(ledger);
      expect(await ledger.charges(open.paymentIntentId)).toEqual([]);
      const first = await ledger.takePayment(charge(open));
      expect(first).toEqual({ outcome: 'charged', session: { ...open, status: 'paid' } });
      const second = await ledger.takePayment(charge(open, 'tok-2'));
      expect(second.outcome).toBe('already-paid');
      expect(await ledger.charges(open.paymentIntentId)).toEqual([{ ...charge(open), amount }]);
      expect((await ledger.session(open.paymentIntentId))?.status).toBe('paid');
    });

    it('lets exactly one of concurrent charges of one intent take the payment', async () => {
      const ledger = storage().providerLedger;
      const open = await opened(ledger);
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, i) => ledger.takePayment(charge(open, `tok-${i}`))),
      );
      expect(outcomes.filter((o) => o.outcome === 'charged')).toHaveLength(1);
      expect(outcomes.filter((o) => o.outcome === 'already-paid')).toHaveLength(7);
      expect(await ledger.charges(open.paymentIntentId)).toHaveLength(1);
    });

    it('takes nothing for an unknown intent or another reference', async () => {
      const ledger = storage().providerLedger;
      const unknown = session();
      expect((await ledger.takePayment(charge(unknown))).outcome).toBe('not-open');
      expect(await ledger.session(unknown.paymentIntentId)).toBeUndefined();
      const open = await opened(ledger);
      const wrong = { ...open, reference: `${open.reference}x` };
      expect((await ledger.takePayment(charge(wrong))).outcome).toBe('not-open');
      expect(await ledger.charges(open.paymentIntentId)).toEqual([]);
      expect((await ledger.session(open.paymentIntentId))?.status).toBe('open');
    });

    it('never charges a voided session, and voiding leaves a paid session paid, answering each as it is', async () => {
      const ledger = storage().providerLedger;
      const voided = await opened(ledger);
      expect(await ledger.voidSession(voided.paymentIntentId, `${voided.reference}x`)).toBeUndefined();
      expect((await ledger.session(voided.paymentIntentId))?.status).toBe('open');
      expect((await ledger.voidSession(voided.paymentIntentId, voided.reference))?.status).toBe('voided');
      expect((await ledger.voidSession(voided.paymentIntentId, voided.reference))?.status).toBe('voided');
      expect((await ledger.session(voided.paymentIntentId))?.status).toBe('voided');
      expect(await ledger.voidSession(uuid(), voided.reference)).toBeUndefined();
      expect((await ledger.takePayment(charge(voided))).outcome).toBe('not-open');
      expect(await ledger.charges(voided.paymentIntentId)).toEqual([]);

      const paid = await opened(ledger);
      await ledger.takePayment(charge(paid));
      // Answered paid, so that a cancellation can give way to the payment (C-8.6).
      expect(await ledger.voidSession(paid.paymentIntentId, paid.reference)).toMatchObject({
        paymentIntentId: paid.paymentIntentId,
        reference: paid.reference,
        status: 'paid',
      });
      expect((await ledger.session(paid.paymentIntentId))?.status).toBe('paid');
      expect(await ledger.charges(paid.paymentIntentId)).toHaveLength(1);
    });

    it('keeps confirmations per intent: once each, until released', async () => {
      const ledger = storage().providerLedger;
      const [intent, other] = [uuid(), uuid()];
      const tix = {
        paymentIntentId: intent,
        providerBasketId: `tix:arena|${uuid()}`,
        providerId: 'tix:arena',
      };
      const shop = { paymentIntentId: intent, providerBasketId: `shop|${uuid()}`, providerId: 'shop' };
      await ledger.confirm(tix);
      await ledger.confirm(tix);
      await ledger.confirm(shop);
      await ledger.confirm({ ...shop, paymentIntentId: other });
      const sorted = async (id: string) =>
        [...(await ledger.confirmations(id))].sort((a, b) => (a.providerId < b.providerId ? -1 : 1));
      expect(await sorted(intent)).toEqual([shop, tix]);
      await ledger.release(intent, shop.providerBasketId);
      await ledger.release(intent, `shop|${uuid()}`);
      expect(await sorted(intent)).toEqual([tix]);
      expect(await sorted(other)).toEqual([{ ...shop, paymentIntentId: other }]);
    });
  });
};
