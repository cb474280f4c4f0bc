import type { Line } from '../basket/line';
import { type Currency, fromMinorUnits, type Money } from '../money';
import { omitUndefined } from '../omit-undefined';
import type { LineItem, ProviderDiscount } from '../wire';
import type { AppliedDiscount, LinePricing } from './totals';

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
      return {
        consumable: {
          quantity: line.quantity,
          UnitPrice: line.unitPrice,
          title: line.title,
          ...omitUndefined({
            productGroupId: line.productGroupId,
            kioskId: line.kioskId,
            timestreamId: line.timestreamId,
            validUntil: line.validUntil,
            description: line.description,
            allergens: line.allergens,
            image: line.image,
            calories: line.calories,
          }),
        },
      };
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

/** The interface's LineItem for a priced line (C-7.4 cross-sell, C-7.10 totals). */
export const lineItemView = (pricing: LinePricing, currency: Currency): LineItem => {
  const { line } = pricing;
  const discounted = pricing.discounts.length > 0;
  return {
    id: line.id,
    type: line.type,
    productId: line.productId,
    ...(line.crossSoldFromProductId === undefined
      ? {}
      : { crossSoldFromProductId: line.crossSoldFromProductId }),
    totalPrice: fromMinorUnits(currency, pricing.total),
    ...kindView(line),
    ...discountFields({ ...pricing, discounted }, currency),
    ...(discounted
      ? { providerDiscounts: pricing.discounts.map((d) => providerDiscountView(d, currency)) }
      : {}),
    deliveryMethodIdOptions: [...line.deliveryMethodIdOptions],
    ...(line.crossSoldFromLineItemId === undefined
      ? {}
      : {
          features: [
            { type: 'cross-sell', key: null, crossSoldFromLineItemId: line.crossSoldFromLineItemId },
          ],
        }),
  };
};
