import {
  Basket,
  basketView,
  type ExistingBasket,
  type ExistingPaymentIntent,
  type Instant,
  PaymentIntent,
  paymentIntentView,
} from '@basket/core';
import { toJsonObject } from '../json';
import type { JsonObject } from '../ports/json';

/** The interface's Basket at `now`, as JSON (C-1.2: absent optionals omitted). */
export const basketJson = (state: ExistingBasket, now: Instant): JsonObject =>
  toJsonObject(Basket.encode(basketView(state, now)));

export const paymentIntentJson = (state: ExistingPaymentIntent): JsonObject =>
  toJsonObject(PaymentIntent.encode(paymentIntentView(state)));
