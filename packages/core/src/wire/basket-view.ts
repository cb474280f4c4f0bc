import { requiredFields } from '../basket/customer-details';
import { crossSoldOrphans, expiredProviderBaskets, providerBasketExpires } from '../basket/decide-expiry';
import { seatIdsOf } from '../basket/orphans';
import { allLines, type BasketVoucher, type ExistingBasket } from '../basket/state';
import { voucherMatches } from '../basket/vouchers';
import type { Instant } from '../primitives/instant';
import { type Currency, fromMinorUnits, type Money } from '../primitives/money';
import type { Uuid } from '../primitives/scalars';
import type { PaymentComponent } from '../values/payment';
import { type BasketPricing, type ProviderBasketPricing, priceBasket, unitPriceOf } from '../views/totals';
import type { Basket, ProviderBasket, Voucher } from './basket';
import { lineItemView, providerDiscountView } from './line-item-view';

/**
 * The basket as a read at `now` sees it (C-7.8): without the provider baskets whose holds ran out,
 * nor the vouchers that no remaining line matches (C-7.11).
 */
export const visibleBasket = (state: ExistingBasket, now: Instant): ExistingBasket => {
  const expired = new Set(expiredProviderBaskets(state, now).map((pb) => pb.id));
  // Lines cross-sold from lines that went go with them (C-7.4), and so do provider baskets they empty.
  const orphans = new Set(crossSoldOrphans(state, expired).map((orphan) => orphan.lineItemId));
  // Nothing ran out and no voucher to check: the state as it is (the common read).
  if (expired.size === 0 && orphans.size === 0 && state.vouchers.length === 0) return state;
  const providerBaskets = state.providerBaskets
    .filter((pb) => !expired.has(pb.id))
    .flatMap((pb) => {
      if (!pb.lines.some((line) => orphans.has(line.id))) return [pb];
      const lines = pb.lines.filter((line) => !orphans.has(line.id));
      return lines.length === 0 ? [] : [{ ...pb, lines }];
    });
  const lines = providerBaskets.flatMap((pb) => pb.lines);
  const vouchers = state.vouchers.filter((v) => lines.some((line) => voucherMatches(v, line)));
  // In-seat deliveries to seats whose tickets ran out go too (C-7.9), as the next write records.
  const kept = expired.size === 0 ? providerBaskets : withoutOrphanedInSeat(state, providerBaskets);
  return { ...state, providerBaskets: kept, vouchers };
};

/** The provider baskets without their InSeat selections of seats that none of them holds a ticket for. */
const withoutOrphanedInSeat = (
  state: ExistingBasket,
  providerBaskets: ExistingBasket['providerBaskets'],
): ExistingBasket['providerBaskets'] => {
  const seats = seatIdsOf({ ...state, providerBaskets });
  const orphaned = (selection: ExistingBasket['providerBaskets'][number]['selections'][number]) =>
    selection.type === 'InSeat' && !seats.has(selection.seatId);
  return providerBaskets.map((pb) =>
    pb.selections.some(orphaned) ? { ...pb, selections: pb.selections.filter((s) => !orphaned(s)) } : pb,
  );
};

/** Holds run out only while the basket is open or locked; never once confirmed or paid (C-7.8). */
const expiresOf = (state: ExistingBasket, pricing: ProviderBasketPricing): Instant | undefined =>
  state.status === 'open' || state.status === 'locked'
    ? providerBasketExpires(pricing.providerBasket)
    : undefined;

const providerBasketView = (state: ExistingBasket, pricing: ProviderBasketPricing): ProviderBasket => {
  const pb = pricing.providerBasket;
  const expires = expiresOf(state, pricing);
  // Field by field in the interface's order: views are built on every read.
  const view: Record<string, unknown> = { id: pb.id };
  if (expires !== undefined) view.expires = expires;
  view.totalPrice = fromMinorUnits(state.currency, pricing.total);
  view.lineItems = pricing.lines.map((line) => lineItemView(line, state.currency));
  view.deliveryMethods = [...pb.terms.deliveryMethods];
  view.deliveryMethodSelections = [...pb.selections];
  if (pricing.discounted) {
    view.originalTotalPrice = fromMinorUnits(state.currency, pricing.original);
    view.totalProviderDiscounts = fromMinorUnits(state.currency, pricing.original - pricing.total);
  }
  if (pricing.discounts.length > 0)
    view.providerDiscounts = pricing.discounts.map((d) => providerDiscountView(d, state.currency));
  return view as ProviderBasket;
};

/**
 * A voucher with its per-unit prices (C-7.11): those of the first line it matches. A voucher never
 * raises a price (decisions.md, "Prices"), so its price is shown as the one it gives, at most the
 * unit price, and `discountAmount` is their difference, 0 or more.
 */
const voucherView = (state: ExistingBasket, voucher: BasketVoucher): Voucher => {
  const line = allLines(state).find((line) => voucherMatches(voucher, line));
  const original = line === undefined ? voucher.voucherPrice : (unitPriceOf(line) ?? voucher.voucherPrice);
  const given = Math.min(original, voucher.voucherPrice);
  return {
    name: voucher.name,
    code: voucher.code,
    productId: voucher.productId,
    variantId: voucher.variantId,
    originalPrice: fromMinorUnits(state.currency, original),
    voucherPrice: fromMinorUnits(state.currency, given),
    discountAmount: fromMinorUnits(state.currency, original - given),
  };
};

const basketFrom = (state: ExistingBasket, pricing: BasketPricing): Basket => {
  const required = requiredFields(state.providerBaskets.map((pb) => pb.terms.requiredCustomerDetails));
  const stored = new Set(state.customerDetails.map((d) => d.type));
  // Field by field in the interface's order: views are built on every read.
  const basket: Record<string, unknown> = {
    // Basket and intent ids are UUIDs from the moment they are issued (C-1.5).
    id: state.id as Uuid,
    created: state.created,
    updated: state.updated,
  };
  if (state.contactId !== undefined) basket.contactId = state.contactId;
  basket.providerBaskets = pricing.providerBaskets.map((p) => providerBasketView(state, p));
  basket.customerDetails = required.map((type) => ({ type }));
  basket.totalPrice = fromMinorUnits(state.currency, pricing.total);
  basket.deliveryTotalPrice = fromMinorUnits(state.currency, pricing.delivery);
  if (pricing.discounted) {
    basket.originalTotalPrice = fromMinorUnits(state.currency, pricing.original);
    basket.totalProviderDiscounts = fromMinorUnits(state.currency, pricing.original - pricing.total);
  }
  basket.missingCustomerDetailFields = required.some((type) => !stored.has(type));
  if (state.activePaymentIntentId !== undefined)
    basket.activePaymentIntentId = state.activePaymentIntentId as Uuid;
  basket.vouchers = state.vouchers.map((v) => voucherView(state, v));
  return basket as Basket;
};

/** The interface's Basket at `now` (C-1.2, C-7.8, C-7.10 to C-7.12, C-8.3). */
export const basketView = (state: ExistingBasket, now: Instant): Basket => {
  const visible = visibleBasket(state, now);
  return basketFrom(visible, priceBasket(visible));
};

export type PaymentComponents = {
  readonly totalPaid: Money;
  readonly components: ReadonlyArray<PaymentComponent>;
};

/** What an intent started at `now` is to take (C-8.2): the basket total, one component per provider basket. */
export const paymentComponents = (state: ExistingBasket, now: Instant): PaymentComponents => {
  const visible = visibleBasket(state, now);
  const pricing = priceBasket(visible);
  const currency: Currency = visible.currency;
  return {
    totalPaid: fromMinorUnits(currency, pricing.total),
    components: pricing.providerBaskets.map((p) => ({
      providerBasketId: p.providerBasket.id,
      portionOfTotalPaid: fromMinorUnits(currency, p.total),
    })),
  };
};
