import type { ChargeOutcome, Ids, JsonObject, PaymentProvider } from '@basket/app';
import { type Catalog, isProviderIdentity, type ProviderIdentity } from '@basket/core';
import { latency } from './latency';

export type PaymentSimulationOptions = {
  readonly latencyMs?: number;
  readonly ids: Pick<Ids, 'providerSuffix'>;
};

type Session = {
  readonly reference: ProviderIdentity;
  readonly payload: JsonObject;
  voided: boolean;
  /** Set by the first successful charge: every later charge answers it and takes nothing. */
  paid: boolean;
  charges: number;
};

/** The simulated payment provider, with what it has done, for tests to look at. */
export type SimulatedPaymentProvider = PaymentProvider & {
  /** Payments actually taken for an intent (C-8.6: never more than one). */
  readonly chargesTaken: (paymentIntentId: string) => number;
};

/**
 * The catalog's payment provider (`paymentProvider.id`, e.g. `psp:simpay`): one session per
 * payment intent, whose reference is a ProviderIdentity of that id (C-8.2); saved tokens per
 * contact succeed or decline as the catalog says. Idempotent per intent: opening again answers
 * the same session, and once an intent is paid every charge answers `succeeded` without taking a
 * second payment. A declined charge takes nothing, so the intent can be paid again (C-4.3); a
 * voided session cannot be charged.
 */
export const simulatedPaymentProvider = (
  catalog: Catalog,
  options: PaymentSimulationOptions,
): SimulatedPaymentProvider => {
  const answer = latency(options.latencyMs ?? 0);
  const { id: providerId, name } = catalog.paymentProvider;
  const tokens = new Map(
    catalog.contacts.map((contact) => [
      contact.id,
      new Map(contact.savedPaymentTokens.map((token) => [token.id, token.outcome])),
    ]),
  );
  const sessions = new Map<string, Session>();

  const charge = (request: Parameters<PaymentProvider['charge']>[0]): ChargeOutcome => {
    const session = sessions.get(request.paymentIntentId);
    if (session === undefined || session.reference !== request.reference) return 'declined';
    if (session.paid) return 'succeeded';
    if (session.voided) return 'declined';
    if (tokens.get(request.contactId)?.get(request.tokenId) !== 'succeed') return 'declined';
    session.paid = true;
    session.charges += 1;
    return 'succeeded';
  };

  return {
    openSession: (request) =>
      answer(() => {
        const open = sessions.get(request.paymentIntentId);
        if (open !== undefined) return { reference: open.reference, payload: open.payload };
        const reference = `${providerId}|${options.ids.providerSuffix()}`;
        if (!isProviderIdentity(reference)) throw new Error(`not a ProviderIdentity: ${reference}`);
        const payload: JsonObject = {
          provider: name,
          sessionReference: reference,
          paymentIntentId: request.paymentIntentId,
          amount: { ...request.amount },
          request: request.payload,
        };
        sessions.set(request.paymentIntentId, { reference, payload, voided: false, paid: false, charges: 0 });
        return { reference, payload };
      }),
    charge: (request) => answer(() => charge(request)),
    voidSession: (request) =>
      answer(() => {
        const session = sessions.get(request.paymentIntentId);
        // A paid session is a sale: voiding it is not the payment provider's way to refund.
        if (session !== undefined && session.reference === request.reference && !session.paid)
          session.voided = true;
      }),
    ownsToken: (contactId, tokenId) => answer(() => tokens.get(contactId)?.has(tokenId) ?? false),
    chargesTaken: (paymentIntentId) => sessions.get(paymentIntentId)?.charges ?? 0,
  };
};
