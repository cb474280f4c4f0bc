import type { ChargeOutcome, Ids, JsonObject, PaymentProvider, ProviderLedger } from '@basket/app';
import { type Catalog, isProviderIdentity, type ProviderIdentity } from '@basket/core';
import { latency } from './latency';

export type PaymentSimulationOptions = {
  readonly latencyMs?: number;
  readonly ids: Pick<Ids, 'providerSuffix'>;
  /** Where sessions and payments are kept: the storage's, so every process answers alike (C-6.5). */
  readonly ledger: ProviderLedger;
  /** The time recorded on a payment taken (default: the machine's clock). */
  readonly now?: () => string;
};

/** The simulated payment provider, with what it has done, for tests to look at. */
export type SimulatedPaymentProvider = PaymentProvider & {
  /** Payments actually taken for an intent (C-8.6: never more than one), read from the ledger. */
  readonly chargesTaken: (paymentIntentId: string) => Promise<number>;
};

/**
 * The catalog's payment provider (`paymentProvider.id`, e.g. `psp:simpay`): one session per
 * payment intent, whose reference is a ProviderIdentity of that id (C-8.2); saved tokens per
 * contact succeed or decline as the catalog says. Idempotent per intent: opening again answers
 * the same session, and once an intent is paid every charge answers `succeeded` without taking a
 * second payment. A declined charge takes nothing, so the intent can be paid again (C-4.3); a
 * voided session cannot be charged. Sessions and payments live in the ledger, never in this
 * object, so the process that opened a session need not be the one that charges it (C-6.5).
 */
export const simulatedPaymentProvider = (
  catalog: Catalog,
  options: PaymentSimulationOptions,
): SimulatedPaymentProvider => {
  const wait = latency(options.latencyMs ?? 0);
  const after = async <T>(work: () => Promise<T>): Promise<T> => {
    await wait(() => undefined);
    return work();
  };
  const { ledger } = options;
  const now = options.now ?? (() => new Date().toISOString());
  const { id: providerId, name } = catalog.paymentProvider;
  const tokens = new Map(
    catalog.contacts.map((contact) => [
      contact.id,
      new Map(contact.savedPaymentTokens.map((token) => [token.id, token.outcome])),
    ]),
  );

  const charge = async (request: Parameters<PaymentProvider['charge']>[0]): Promise<ChargeOutcome> => {
    if (tokens.get(request.contactId)?.get(request.tokenId) !== 'succeed') {
      // A declining token takes nothing; an intent paid already answers its payment (idempotent).
      const session = await ledger.session(request.paymentIntentId);
      return session?.reference === request.reference && session.status === 'paid' ? 'succeeded' : 'declined';
    }
    const taken = await ledger.takePayment({
      paymentIntentId: request.paymentIntentId,
      reference: request.reference,
      contactId: request.contactId,
      tokenId: request.tokenId,
      at: now(),
    });
    return taken.outcome === 'not-open' ? 'declined' : 'succeeded';
  };

  return {
    openSession: (request) =>
      after(async () => {
        const open = await ledger.session(request.paymentIntentId);
        if (open !== undefined) return { reference: identity(open.reference), payload: open.payload };
        const reference = identity(`${providerId}|${options.ids.providerSuffix()}`);
        const payload: JsonObject = {
          provider: name,
          sessionReference: reference,
          paymentIntentId: request.paymentIntentId,
          amount: { ...request.amount },
          request: request.payload,
        };
        // Two processes opening at once: the first stored session is everyone's answer.
        const stored = await ledger.openSession({
          paymentIntentId: request.paymentIntentId,
          reference,
          payload,
          amount: { ...request.amount },
        });
        return { reference: identity(stored.reference), payload: stored.payload };
      }),
    charge: (request) => after(() => charge(request)),
    // A paid session is a sale: voiding it is not the payment provider's way to refund, so it
    // answers the token that paid.
    voidSession: (request) =>
      after(async () => {
        const session = await ledger.voidSession(request.paymentIntentId, request.reference);
        if (session?.status !== 'paid') return { outcome: 'voided' };
        const [taken] = await ledger.charges(request.paymentIntentId);
        if (taken === undefined) throw new Error('a paid payment session without its charge');
        return { outcome: 'paid', tokenId: taken.tokenId };
      }),
    ownsToken: (contactId, tokenId) => after(async () => tokens.get(contactId)?.has(tokenId) ?? false),
    chargesTaken: async (paymentIntentId) => (await ledger.charges(paymentIntentId)).length,
  };
};

const identity = (reference: string): ProviderIdentity => {
  if (!isProviderIdentity(reference)) throw new Error(`not a ProviderIdentity: ${reference}`);
  return reference;
};
