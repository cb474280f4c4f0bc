import type { ChargeRecord, ConfirmationRecord, PaymentSessionRecord, ProviderLedger } from '@basket/app';
import { copy, type MemoryState } from './state';

const confirmationKey = (paymentIntentId: string, providerBasketId: string): string =>
  JSON.stringify([paymentIntentId, providerBasketId]);

/**
 * The provider ledger in memory. Every call reads and writes in one synchronous step, so each is
 * atomic: of concurrent `takePayment` calls on an open session exactly one charges.
 */
export const memoryProviderLedger = (state: MemoryState): ProviderLedger => {
  const { sessions, charges, confirmations } = state.ledger;
  const sessionOf = (paymentIntentId: string): PaymentSessionRecord | undefined => {
    const stored = sessions.get(paymentIntentId);
    return stored === undefined ? undefined : copy(stored);
  };
  return {
    openSession: async (session) => {
      const stored = sessions.get(session.paymentIntentId) ?? copy({ ...session, status: 'open' as const });
      sessions.set(session.paymentIntentId, stored);
      return copy(stored);
    },
    session: async (paymentIntentId) => sessionOf(paymentIntentId),
    takePayment: async (charge) => {
      const session = sessions.get(charge.paymentIntentId);
      if (session === undefined || session.reference !== charge.reference) return { outcome: 'not-open' };
      if (session.status === 'paid') return { outcome: 'already-paid', session: copy(session) };
      if (session.status === 'voided') return { outcome: 'not-open', session: copy(session) };
      const paid: PaymentSessionRecord = { ...session, status: 'paid' };
      const taken: ChargeRecord = { ...charge, amount: session.amount };
      sessions.set(charge.paymentIntentId, paid);
      charges.set(charge.paymentIntentId, [...(charges.get(charge.paymentIntentId) ?? []), copy(taken)]);
      return { outcome: 'charged', session: copy(paid) };
    },
    voidSession: async (paymentIntentId, reference) => {
      const session = sessions.get(paymentIntentId);
      if (session === undefined || session.reference !== reference) return undefined;
      const after: PaymentSessionRecord =
        session.status === 'open' ? { ...session, status: 'voided' } : session;
      sessions.set(paymentIntentId, after);
      return copy(after);
    },
    charges: async (paymentIntentId) => copy(charges.get(paymentIntentId) ?? []),
    confirm: async (confirmation) => {
      const key = confirmationKey(confirmation.paymentIntentId, confirmation.providerBasketId);
      if (!confirmations.has(key)) confirmations.set(key, copy(confirmation));
    },
    release: async (paymentIntentId, providerBasketId) => {
      confirmations.delete(confirmationKey(paymentIntentId, providerBasketId));
    },
    confirmations: async (paymentIntentId) =>
      copy(
        [...confirmations.values()].filter(
          (confirmation: ConfirmationRecord) => confirmation.paymentIntentId === paymentIntentId,
        ),
      ),
  };
};
