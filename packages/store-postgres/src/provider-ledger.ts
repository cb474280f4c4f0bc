import type {
  ChargeRecord,
  ConfirmationRecord,
  LedgerAmount,
  PaymentSessionRecord,
  ProviderLedger,
} from '@basket/app';
import type { Queryable, Row } from './db';
import type { Tables } from './names';
import { instant, instantParam, jsonObject, jsonParam, text } from './values';

const amountOf = (row: Row): LedgerAmount => {
  const amount = jsonObject(row, 'amount');
  const { minorUnits, currencyCode, precision } = amount;
  if (typeof minorUnits !== 'number' || typeof currencyCode !== 'string' || typeof precision !== 'number')
    throw new Error('column amount is not an amount');
  return { minorUnits, currencyCode, precision };
};

const statusOf = (row: Row): PaymentSessionRecord['status'] => {
  const status = text(row, 'status');
  if (status !== 'open' && status !== 'paid' && status !== 'voided')
    throw new Error(`unknown session status ${status}`);
  return status;
};

const sessionOf = (row: Row): PaymentSessionRecord => ({
  paymentIntentId: text(row, 'payment_intent_id'),
  reference: text(row, 'reference'),
  payload: jsonObject(row, 'payload'),
  amount: amountOf(row),
  status: statusOf(row),
});

const chargeOf = (row: Row): ChargeRecord => ({
  paymentIntentId: text(row, 'payment_intent_id'),
  reference: text(row, 'reference'),
  contactId: text(row, 'contact_id'),
  tokenId: text(row, 'token_id'),
  amount: amountOf(row),
  at: instant(row, 'taken_at'),
});

const confirmationOf = (row: Row): ConfirmationRecord => ({
  paymentIntentId: text(row, 'payment_intent_id'),
  providerBasketId: text(row, 'provider_basket_id'),
  providerId: text(row, 'provider_id'),
});

/**
 * The provider ledger in the schema's tables. Each call is one statement (or an insert then a read
 * of the row it or a concurrent caller wrote), so each is atomic: taking a payment is one
 * conditional update of the session with the charge's insert, and of concurrent takers exactly one
 * finds the session open (the others wait for its row, then see it paid).
 */
export const postgresProviderLedger = (db: Queryable, t: Tables): ProviderLedger => {
  const session = async (paymentIntentId: string): Promise<PaymentSessionRecord | undefined> => {
    const [row] = await db.query(
      `SELECT payment_intent_id, reference, payload, amount, status FROM ${t.paymentSessions}
        WHERE payment_intent_id = $1`,
      [paymentIntentId],
    );
    return row === undefined ? undefined : sessionOf(row);
  };
  return {
    openSession: async (opened) => {
      await db.query(
        `INSERT INTO ${t.paymentSessions} (payment_intent_id, reference, payload, amount)
          VALUES ($1, $2, $3::jsonb, $4::jsonb) ON CONFLICT (payment_intent_id) DO NOTHING`,
        [opened.paymentIntentId, opened.reference, jsonParam(opened.payload), jsonParam(opened.amount)],
      );
      const stored = await session(opened.paymentIntentId);
      if (stored === undefined) throw new Error('a payment session vanished after it was opened');
      return stored;
    },
    session,
    takePayment: async (charge) => {
      const [paid] = await db.query(
        `WITH paid AS (
           UPDATE ${t.paymentSessions} SET status = 'paid'
            WHERE payment_intent_id = $1 AND reference = $2 AND status = 'open'
            RETURNING payment_intent_id, reference, payload, amount, status
         ), taken AS (
           INSERT INTO ${t.paymentCharges} (payment_intent_id, reference, contact_id, token_id, amount, taken_at)
           SELECT payment_intent_id, reference, $3, $4, amount, $5::timestamptz FROM paid
         )
         SELECT payment_intent_id, reference, payload, amount, status FROM paid`,
        [charge.paymentIntentId, charge.reference, charge.contactId, charge.tokenId, instantParam(charge.at)],
      );
      if (paid !== undefined) return { outcome: 'charged', session: sessionOf(paid) };
      const stored = await session(charge.paymentIntentId);
      if (stored === undefined || stored.reference !== charge.reference) return { outcome: 'not-open' };
      return { outcome: stored.status === 'paid' ? 'already-paid' : 'not-open', session: stored };
    },
    voidSession: async (paymentIntentId, reference) => {
      await db.query(
        `UPDATE ${t.paymentSessions} SET status = 'voided'
          WHERE payment_intent_id = $1 AND reference = $2 AND status = 'open'`,
        [paymentIntentId, reference],
      );
      const after = await session(paymentIntentId);
      return after?.reference === reference ? after : undefined;
    },
    charges: async (paymentIntentId) =>
      (
        await db.query(
          `SELECT payment_intent_id, reference, contact_id, token_id, amount, taken_at
            FROM ${t.paymentCharges} WHERE payment_intent_id = $1 ORDER BY taken_at`,
          [paymentIntentId],
        )
      ).map(chargeOf),
    confirm: async (confirmation) => {
      await db.query(
        `INSERT INTO ${t.providerConfirmations} (payment_intent_id, provider_basket_id, provider_id)
          VALUES ($1, $2, $3) ON CONFLICT (payment_intent_id, provider_basket_id) DO NOTHING`,
        [confirmation.paymentIntentId, confirmation.providerBasketId, confirmation.providerId],
      );
    },
    release: async (paymentIntentId, providerBasketId) => {
      await db.query(
        `DELETE FROM ${t.providerConfirmations} WHERE payment_intent_id = $1 AND provider_basket_id = $2`,
        [paymentIntentId, providerBasketId],
      );
    },
    confirmations: async (paymentIntentId) =>
      (
        await db.query(
          `SELECT payment_intent_id, provider_basket_id, provider_id FROM ${t.providerConfirmations}
            WHERE payment_intent_id = $1`,
          [paymentIntentId],
        )
      ).map(confirmationOf),
  };
};
