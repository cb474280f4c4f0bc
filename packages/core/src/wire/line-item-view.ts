import type { ConsumableLine, Line } from '../basket/line';
import { type Currency, fromMinorUnits, type Money } from '../primitives/money';
import type { AppliedDiscount, LinePricing } from '../views/totals';
import type { LineItem, ProviderDiscount } from './line-item';

export const providerDiscountView = (applied: AppliedDiscount, currency: Currency): ProviderDiscount => ({
  id: applied.discount.id,
  title: applied.discount.title,
  code: applied.discount.code,
  description: applied.discount.description,
  amount: fromMinorUnits(currency, applied.amount),
});

/** The fields of a total that has provider discounts in it (C-7.10); none otherwise. */
export const discountFields = (
  pricing: { readonly original: number; readonly total: number; readonly discounted: boolean },
  currency: Currency,
): { originalTotalPrice?: Money; totalProviderDiscounts?: Money } =>
  pricing.discounted
    ? {
        originalTotalPrice: fromMinorUnits(currency, pricing.original),
        totalProviderDiscounts: fromMinorUnits(currency, pricing.original - pricing.total),
      }
    : {};

/** A consumable's view: its optional fields only when the line has them (C-1.2). */
const consumableView = (line: ConsumableLine): Record<string, unknown> => {
  const view: Record<string, unknown> = {
    quantity: line.quantity,
    UnitPrice: line.unitPrice,
    title: line.title,
  };
  if (line.productGroupId !== undefined) view.productGroupId = line.productGroupId;
  if (line.kioskId !== undefined) view.kioskId = line.kioskId;
  if (line.timestreamId !== undefined) view.timestreamId = line.timestreamId;
  if (line.validUntil !== undefined) view.validUntil = line.validUntil;
  if (line.description !== undefined) view.description = line.description;
  if (line.allergens !== undefined) view.allergens = line.allergens;
  if (line.image !== undefined) view.image = line.image;
  if (line.calories !== undefined) view.calories = line.calories;
  return view;
};

/** The kind-specific part of a line item: exactly one of its four members (C-1.1 spellings). */
const kindView = (line: Line): Partial<LineItem> => {
  switch (line.type) {
    case 'Ticketing':
      return {
        ticketing: {
          type: 'TicketedEvent',
          ...(line.sportsMatch === undefined
            ? {}
            : { eventType: 'SportsMatch', sportsMatch: line.sportsMatch }),
          tickets: [...line.tickets],
        },
      };
    case 'Consumable':
      return { consumable: consumableView(line) as LineItem['consumable'] };
    case 'TimeSlot':
      return {
        timeSlot: {
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          tariffId: line.tariffId,
          tariffName: line.tariffName,
          rateId: line.rateId,
          timeSlotId: line.timeSlotId,
          productName: line.productName,
        },
      };
    case 'VariableProduct':
      return {
        variableProduct: {
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          variant: {
            id: line.variant.id,
            name: line.variant.name,
            sku: line.variant.sku,
            imageUrl: line.variant.imageUrl,
          },
        },
      };
  }
};

/**
 * The interface's LineItem for a priced line (C-7.4 cross-sell, C-7.10 totals). Built field by
 * field (in the interface's order) rather than by spreading optional parts: views are built on every
 * read.
 */
export const lineItemView = (pricing: LinePricing, currency: Currency): LineItem => {
  const { line } = pricing;
  const item: Record<string, unknown> = { id: line.id, type: line.type, productId: line.productId };
  if (line.crossSoldFromProductId !== undefined) item.crossSoldFromProductId = line.crossSoldFromProductId;
  item.totalPrice = fromMinorUnits(currency, pricing.total);
  Object.assign(item, kindView(line));
  if (pricing.discounts.length > 0) {
    item.originalTotalPrice = fromMinorUnits(currency, pricing.original);
    item.totalProviderDiscounts = fromMinorUnits(currency, pricing.original - pricing.total);
    item.providerDiscounts = pricing.discounts.map((d) => providerDiscountView(d, currency));
  }
  item.deliveryMethodIdOptions = [...line.deliveryMethodIdOptions];
  if (line.crossSoldFromLineItemId !== undefined) {
    item.features = [
      { type: 'cross-sell', key: null, crossSoldFromLineItemId: line.crossSoldFromLineItemId },
    ];
  }
  return item as LineItem;
};
