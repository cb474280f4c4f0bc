import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { MoneyC } from '../primitives/money';
import { ProviderIdentity } from '../primitives/scalars';

// A payment intent's status and what it pays for each provider basket: recorded in its events and
// shown as they are in the interface's PaymentIntent (C-8).

export const PaymentIntentStatus = t.keyof(
  { PreparingPayment: null, AwaitingPayment: null, Cancelled: null, PaymentComplete: null },
  'PaymentIntentStatus',
);
export type PaymentIntentStatus = t.TypeOf<typeof PaymentIntentStatus>;

export const PaymentComponent = struct(
  { providerBasketId: ProviderIdentity, portionOfTotalPaid: MoneyC },
  {},
  'PaymentComponent',
);
export type PaymentComponent = t.TypeOf<typeof PaymentComponent>;

export const PaymentDetails = struct(
  { totalPaid: MoneyC, components: t.array(PaymentComponent) },
  {},
  'PaymentDetails',
);
export type PaymentDetails = t.TypeOf<typeof PaymentDetails>;
