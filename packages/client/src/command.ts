import type { PaymentIntent, SucceededNotification } from '@basket/core';
import type { SettleOptions } from './options';

/** A command the service accepted: its notification id (C-5). */
export type Accepted = { readonly status: 200 | 202; readonly notificationId: string };
/** A 204: there was nothing to change (C-4.1), so no notification either. */
export type Unchanged = { readonly status: 204 };

/**
 * A modifying call: awaiting it answers the acceptance; `settled()` waits for the command's
 * notification and answers it once Succeeded, or throws a BasketProblemError when Failed.
 */
export type Command = Promise<Accepted> & {
  readonly settled: (options?: SettleOptions) => Promise<SucceededNotification>;
};

/** A call that may answer 204: `settled()` then answers undefined at once. */
export type OptionalCommand = Promise<Accepted | Unchanged> & {
  readonly settled: (options?: SettleOptions) => Promise<SucceededNotification | undefined>;
};

/** createPaymentIntent's answer (C-4.2): the intent at once (200), or a notification to wait for (202). */
export type PaymentIntentAccepted =
  | { readonly status: 200; readonly paymentIntent: PaymentIntent }
  | { readonly status: 202; readonly notificationId: string };

/** createPaymentIntent: `settled()` answers the payment intent once its creation Succeeded. */
export type PaymentIntentCommand = Promise<PaymentIntentAccepted> & {
  readonly settled: (options?: SettleOptions) => Promise<PaymentIntent>;
};

/** A promise of an acceptance with a `settled` that continues from it. */
export const withSettled = <A, S>(
  accepted: Promise<A>,
  settle: (answer: A, options: SettleOptions) => Promise<S>,
): Promise<A> & { readonly settled: (options?: SettleOptions) => Promise<S> } =>
  Object.assign(accepted, {
    settled: (options: SettleOptions = {}) => accepted.then((answer) => settle(answer, options)),
  });
