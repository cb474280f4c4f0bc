import {
  Basket,
  basketView,
  type ExistingBasket,
  type ExistingPaymentIntent,
  type Instant,
  PaymentIntent,
  paymentIntentView,
  providerBasketExpires,
} from '@basket/core';
import { toJsonObject } from '../json';
import type { JsonObject } from '../ports/json';

/** The interface's Basket at `now`, as JSON (C-1.2: absent optionals omitted). */
export const basketJson = (state: ExistingBasket, now: Instant): JsonObject =>
  toJsonObject(Basket.encode(basketView(state, now)));

export const paymentIntentJson = (state: ExistingPaymentIntent): JsonObject =>
  toJsonObject(PaymentIntent.encode(paymentIntentView(state)));

type RenderedBasket = { readonly body: JsonObject; readonly validUntil: number };

/**
 * Rendered views by basket state. States are immutable and each stands for one version of one
 * stream (the app loads them checking the storage's latest version, C-6.5), so a view rendered
 * from a state stays right until the first hold in it runs out, when the view changes (C-7.8).
 * Entries go with their states.
 */
const rendered = new WeakMap<ExistingBasket, RenderedBasket>();

/** When the view of `state` changes by itself: the first expiry of its holds (none: never). */
const viewChangesAt = (state: ExistingBasket): number => {
  if (state.status !== 'open' && state.status !== 'locked') return Number.POSITIVE_INFINITY;
  let first = Number.POSITIVE_INFINITY;
  for (const pb of state.providerBaskets) {
    const expires = providerBasketExpires(pb);
    if (expires !== undefined) first = Math.min(first, Date.parse(expires));
  }
  return first;
};

/**
 * Whether the view of `state` at `now` is the one every earlier read of this version saw: no hold
 * in it has run out since (an expiry changes the view without a new version, C-7.8).
 */
export const viewAsCommitted = (state: ExistingBasket, now: Instant): boolean =>
  Date.parse(now) < viewChangesAt(state);

/**
 * `basketJson(state, now)`, rendered once per state while no hold in it has run out. The answer is
 * shared: callers must not change it.
 */
export const cachedBasketJson = (state: ExistingBasket, now: Instant): JsonObject => {
  const at = Date.parse(now);
  const cached = rendered.get(state);
  if (cached !== undefined && at < cached.validUntil) return cached.body;
  const body = basketJson(state, now);
  const validUntil = viewChangesAt(state);
  if (at < validUntil) rendered.set(state, { body, validUntil });
  return body;
};
