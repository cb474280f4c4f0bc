import type { JsonObject } from './json';

/** An amount as the payment provider is asked for it (C-1.4). */
export type LedgerAmount = {
  readonly minorUnits: number;
  readonly currencyCode: string;
  readonly precision: number;
};

/**
 * A payment session of a payment provider that keeps no state of its own (the simulated one): one
 * per payment intent. `open` until it is paid (a sale) or voided (never chargeable again).
 */
export type PaymentSessionRecord = {
  readonly paymentIntentId: string;
  readonly reference: string;
  readonly payload: JsonObject;
  readonly amount: LedgerAmount;
  readonly status: 'open' | 'paid' | 'voided';
};

/** A payment taken: at most one per payment intent (C-8.6). */
export type ChargeRecord = {
  readonly paymentIntentId: string;
  readonly reference: string;
  readonly contactId: string;
  readonly tokenId: string;
  readonly amount: LedgerAmount;
  readonly at: string;
};

export type TakePaymentOutcome =
  /** The session was open: it is now paid, and this charge is the one recorded. */
  | 'charged'
  /** The session was already paid (by this or an earlier charge): nothing more was taken. */
  | 'already-paid'
  /** No session of the intent with this reference, or it was voided: nothing was taken. */
  | 'not-open';

/** A provider basket that its provider has confirmed for a payment intent (C-8.2). */
export type ConfirmationRecord = {
  readonly paymentIntentId: string;
  readonly providerBasketId: string;
  readonly providerId: string;
};

/**
 * What providers that keep no state of their own (the simulated providers and payment provider)
 * have done: payment sessions, payments taken and confirmations. It is storage, so that every
 * process sharing a database answers for them alike (C-6.5); each call is atomic on its own.
 */
export type ProviderLedger = {
  /** Stores the intent's session unless it has one; answers the stored session either way (first wins). */
  readonly openSession: (session: Omit<PaymentSessionRecord, 'status'>) => Promise<PaymentSessionRecord>;
  readonly session: (paymentIntentId: string) => Promise<PaymentSessionRecord | undefined>;
  /**
   * Takes the payment when the intent's session has this reference and is open: marks it paid and
   * records the charge, in one step, so that of concurrent takers exactly one charges.
   */
  readonly takePayment: (
    charge: Omit<ChargeRecord, 'amount'>,
  ) => Promise<{ readonly outcome: TakePaymentOutcome; readonly session?: PaymentSessionRecord }>;
  /**
   * Voids the intent's session when it has this reference and is open (a paid one stays paid);
   * answers the session with this reference as it is after the call, undefined when there is none.
   */
  readonly voidSession: (
    paymentIntentId: string,
    reference: string,
  ) => Promise<PaymentSessionRecord | undefined>;
  /** The payments taken for an intent, oldest first (C-8.6: never more than one). */
  readonly charges: (paymentIntentId: string) => Promise<ReadonlyArray<ChargeRecord>>;
  /** Records a confirmation (again: no change). */
  readonly confirm: (confirmation: ConfirmationRecord) => Promise<void>;
  /** Takes a confirmation back (none: no change). */
  readonly release: (paymentIntentId: string, providerBasketId: string) => Promise<void>;
  /** The confirmations standing for an intent, in no particular order. */
  readonly confirmations: (paymentIntentId: string) => Promise<ReadonlyArray<ConfirmationRecord>>;
};
