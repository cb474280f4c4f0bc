import {
  type BasketVoucher,
  type CatalogDiscount,
  type Currency,
  type CustomerDetailFieldType,
  CustomerDetailFieldTypes,
  type CustomerDetailFieldValue,
  type DeliveryMethod,
  type DeliveryMethodSelection,
  type ExistingBasket,
  type Instant,
  type Line,
  type Money,
  type ProviderBasketState,
  type ProviderIdentity,
  type ProviderTerms,
  type Ticket,
} from '@basket/core';
import fc from 'fast-check';

/*
 * Arbitraries of basket states as the basket's events leave them: one provider basket per
 * provider (C-7.2), every amount in the basket's currency (C-1.4), ids that match their patterns
 * (C-1.5). Amounts stay small enough that no total leaves int32.
 */

export const gbp: Currency = { code: 'GBP', precision: 2 };

export const money = (currency: Currency, minorUnits: number): Money => ({
  minorUnits,
  currencyCode: currency.code,
  precision: currency.precision,
});

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('');

/** A ProviderIdentity of `provider` with a random 24-character suffix. */
export const providerIdentityArb = (provider: string): fc.Arbitrary<ProviderIdentity> =>
  fc
    .string({ unit: fc.constantFrom(...ALNUM), minLength: 24, maxLength: 24 })
    .map((suffix) => `${provider}|${suffix}` as ProviderIdentity);

/** A ProviderIdentity made unique by `tag` (letters and digits, at most 24). */
export const taggedIdentity = (provider: string, tag: string): ProviderIdentity =>
  `${provider}|${tag.padEnd(24, '0').slice(0, 24)}` as ProviderIdentity;

const FROM = Date.parse('2026-01-01T00:00:00.000Z');
const TO = Date.parse('2027-12-31T23:59:59.999Z');

/** A canonical Instant (C-1.3) between 2026 and 2027. */
export const instantArb: fc.Arbitrary<Instant> = fc
  .integer({ min: FROM, max: TO })
  .map((ms) => new Date(ms).toISOString() as Instant);

/** An Instant from `since` to `maxMinutes` later. */
export const instantAfterArb = (since: Instant, maxMinutes: number): fc.Arbitrary<Instant> =>
  fc
    .integer({ min: 0, max: maxMinutes * 60_000 })
    .map((ms) => new Date(Date.parse(since) + ms).toISOString() as Instant);

export const uuidArb: fc.Arbitrary<string> = fc.uuid({ version: [4, 7] });

export const providerIdsPool = ['tix:arena', 'fnb:arena', 'tsl:tours', 'shop', 'lab'] as const;

const fieldTypes: ReadonlyArray<CustomerDetailFieldType> = CustomerDetailFieldTypes;

const address = { StreetLine1: '1 Arena Way', City: 'Leeds', CountryCode: 'GB', PostalCode: 'LS1 1AA' };

/** A valid stored value of each customer detail type (C-7.12). */
export const customerDetailValue = (type: CustomerDetailFieldType): CustomerDetailFieldValue => {
  switch (type) {
    case 'Email':
      return { type, value: { email: 'alice@example.com' } };
    case 'PhoneNumber':
      return { type, value: { phoneNumber: '+441132960000' } };
    case 'BillingAddress':
    case 'DeliveryAddress':
      return { type, value: address };
    default:
      return { type, value: { name: 'Alice' } };
  }
};

const priceArb = fc.integer({ min: 0, max: 20_000 });

const discountArb = (provider: string, index: number): fc.Arbitrary<CatalogDiscount> => {
  const text = { title: 'Provider discount', code: `CODE${index}`, description: 'a provider discount' };
  return fc.oneof(
    fc
      .record({
        minQuantity: fc.integer({ min: 1, max: 6 }),
        amountOffPerUnit: fc.integer({ min: 0, max: 3_000 }),
      })
      .map(
        (d): CatalogDiscount => ({ kind: 'line-min-quantity', id: `${provider}-q${index}`, ...text, ...d }),
      ),
    fc
      .record({
        minTotal: fc.integer({ min: 0, max: 30_000 }),
        amountOff: fc.integer({ min: 0, max: 30_000 }),
      })
      .map(
        (d): CatalogDiscount => ({ kind: 'basket-min-total', id: `${provider}-t${index}`, ...text, ...d }),
      ),
  );
};

const deliveryMethodArb = (currency: Currency, id: string): fc.Arbitrary<DeliveryMethod> =>
  fc.oneof(
    fc.record({ price: priceArb, alwaysIncluded: fc.boolean() }).map(
      ({ price, alwaysIncluded }): DeliveryMethod => ({
        type: 'Digital',
        id,
        title: 'E-ticket',
        description: 'by email',
        totalPrice: money(currency, price),
        alwaysIncluded,
      }),
    ),
    priceArb.map(
      (price): DeliveryMethod => ({
        type: 'Address',
        id,
        title: 'Post',
        description: 'by post',
        provider: { name: 'Royal Mail', logo: 'https://static.example/rm.png' },
        entries: [{ id: 'box-office', address: 'Box office' }],
        totalPrice: money(currency, price),
      }),
    ),
    fc.constant<DeliveryMethod>({ type: 'KioskCollection', id }),
    fc.constant<DeliveryMethod>({ type: 'InSeat', id }),
  );

export const providerTermsArb = (provider: string, currency: Currency = gbp): fc.Arbitrary<ProviderTerms> =>
  fc
    .record({
      holdMinutes: fc.integer({ min: 1, max: 60 }),
      requiredCustomerDetails: fc.subarray([...fieldTypes]),
      methodCount: fc.integer({ min: 0, max: 3 }),
      discountCount: fc.integer({ min: 0, max: 2 }),
    })
    .chain(({ holdMinutes, requiredCustomerDetails, methodCount, discountCount }) =>
      fc
        .record({
          deliveryMethods: fc.tuple(
            ...Array.from({ length: methodCount }, (_, i) =>
              deliveryMethodArb(currency, `${provider}-m${i}`),
            ),
          ),
          discounts: fc.tuple(...Array.from({ length: discountCount }, (_, i) => discountArb(provider, i))),
        })
        .map(({ deliveryMethods, discounts }) => ({
          providerId: provider,
          holdMinutes,
          requiredCustomerDetails,
          kioskIds: ['kiosk-north'],
          deliveryMethods,
          discounts,
        })),
    );

const selectionOf = (method: DeliveryMethod): DeliveryMethodSelection => {
  switch (method.type) {
    case 'Digital':
      return { type: 'Digital', id: method.id };
    case 'Address':
      return { type: 'Address', id: method.id, addressEntryId: 'box-office' };
    case 'KioskCollection':
    case 'InSeat':
      return {
        type: method.type,
        id: method.id,
        kioskId: 'kiosk-north',
        collectionTime: '2027-03-14T14:00:00.000Z' as Instant,
        collectionId: 'collect-1',
        seatId: 'N-A-1',
      };
  }
};

/** Three products per provider, so that lines share products (a discount's `minQuantity`, C-7.10). */
const productIdArb = (provider: string) =>
  fc.constantFrom(...[0, 1, 2].map((i) => taggedIdentity(provider, `prod${i}`)));

const ticketArb = (currency: Currency, tag: string): fc.Arbitrary<Ticket> =>
  priceArb.map((price) => ({
    id: tag,
    providerSeatId: `seat-${tag}`,
    seatCategory: 'Standard',
    tariff: 'Adult',
    section: 'North Stand',
    providerSectionId: 'tix:arena|d47f078166936792a9ef1c40',
    row: 'A',
    seat: tag,
    price: money(currency, price),
  }));

/** A line of any kind, with an id unique by `tag`; some are cross-sold from `parent`. */
export const lineArb = (
  provider: string,
  tag: string,
  currency: Currency = gbp,
  parent?: Line,
): fc.Arbitrary<Line> => {
  const base = fc.record({
    productId: productIdArb(provider),
    deliveryMethodIdOptions: fc.subarray([0, 1, 2].map((i) => `${provider}-m${i}`)),
    crossSold: fc.boolean(),
  });
  const quantity = fc.integer({ min: 1, max: 10 });
  const kind = fc.oneof(
    fc
      .integer({ min: 1, max: 6 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => ticketArb(currency, `${tag}t${i}`))))
      .map((tickets) => ({ type: 'Ticketing' as const, tickets })),
    fc.record({ quantity, price: priceArb }).map(({ quantity, price }) => ({
      type: 'Consumable' as const,
      quantity,
      unitPrice: money(currency, price),
      title: 'Pie and a pint',
      productGroupId: 'hot-food',
    })),
    fc.record({ quantity, price: priceArb }).map(({ quantity, price }) => ({
      type: 'TimeSlot' as const,
      quantity,
      unitPrice: money(currency, price),
      tariffId: taggedIdentity(provider, 'tariff'),
      tariffName: 'Adult',
      rateId: taggedIdentity(provider, 'rate'),
      timeSlotId: taggedIdentity(provider, 'slot'),
      productName: 'Stadium tour',
    })),
    fc
      .record({ quantity, price: priceArb, variant: fc.constantFrom('v-s', 'v-m') })
      .map(({ quantity, price, variant }) => ({
        type: 'VariableProduct' as const,
        quantity,
        unitPrice: money(currency, price),
        variant: {
          id: variant,
          name: `Shirt ${variant}`,
          sku: variant.toUpperCase(),
          imageUrl: 'https://static.example/s.jpg',
        },
      })),
  );
  return fc.tuple(base, kind).map(
    ([{ productId, deliveryMethodIdOptions, crossSold }, k]): Line => ({
      id: taggedIdentity(provider, tag),
      productId,
      deliveryMethodIdOptions,
      ...k,
      ...(crossSold && parent
        ? { crossSoldFromProductId: parent.productId, crossSoldFromLineItemId: parent.id }
        : {}),
    }),
  );
};

/** A provider basket whose lines last changed within an hour after `since` (any time without it). */
export const providerBasketArb = (
  provider: string,
  index: number,
  currency: Currency = gbp,
  since?: Instant,
): fc.Arbitrary<ProviderBasketState> =>
  fc
    .record({
      terms: providerTermsArb(provider, currency),
      lineCount: fc.integer({ min: 1, max: 4 }),
      holdsRestartedAt: since === undefined ? instantArb : instantAfterArb(since, 60),
      confirmed: fc.boolean(),
    })
    .chain(({ terms, lineCount, holdsRestartedAt, confirmed }) =>
      fc
        .record({
          first: lineArb(provider, `p${index}l0`, currency),
          selected: fc.subarray([...terms.deliveryMethods]),
        })
        .chain(({ first, selected }) =>
          fc
            .tuple(
              ...Array.from({ length: lineCount - 1 }, (_, i) =>
                lineArb(provider, `p${index}l${i + 1}`, currency, first),
              ),
            )
            .map((rest) => ({
              id: taggedIdentity(provider, `basket${index}`),
              terms,
              lines: [first, ...rest],
              selections: selected.map(selectionOf),
              holdsRestartedAt,
              confirmed,
            })),
        ),
    );

const voucherFor = (line: Line, voucherPrice: number, index: number): BasketVoucher[] =>
  line.type !== 'VariableProduct'
    ? []
    : [
        {
          code: `V${index}`,
          name: 'Voucher',
          productId: line.productId,
          variantId: line.variant.id,
          voucherPrice,
        },
      ];

export type BasketStateOptions = { readonly currency?: Currency; readonly maxProviderBaskets?: number };

/** Any existing basket state: open, locked or paid; with lines, selections, vouchers, details. */
export const basketStateArb = (options: BasketStateOptions = {}): fc.Arbitrary<ExistingBasket> => {
  const currency = options.currency ?? gbp;
  return fc
    .record({
      id: uuidArb,
      status: fc.constantFrom('open' as const, 'locked' as const, 'checkedOut' as const),
      created: instantArb,
      providers: fc.oneof(
        { weight: 1, arbitrary: fc.constant<string[]>([]) },
        {
          weight: 6,
          arbitrary: fc.subarray<string>([...providerIdsPool], {
            minLength: 1,
            maxLength: options.maxProviderBaskets ?? 4,
          }),
        },
      ),
      contactId: fc.option(fc.constantFrom('contact-alice', 'contact-bob'), { nil: undefined }),
      paymentIntentId: uuidArb,
      storedDetails: fc.subarray([...fieldTypes]),
    })
    .chain((b) =>
      fc
        .tuple(...b.providers.map((provider, i) => providerBasketArb(provider, i, currency, b.created)))
        .chain((providerBaskets) => {
          const lines = providerBaskets.flatMap((pb) => pb.lines);
          return fc
            .tuple(...lines.map(() => fc.option(priceArb, { nil: undefined })))
            .map((voucherPrices) => ({ providerBaskets, lines, voucherPrices }));
        })
        .map(({ providerBaskets, lines, voucherPrices }): ExistingBasket => {
          const vouchers = lines.flatMap((line, i) => {
            const price = voucherPrices[i];
            return price === undefined ? [] : voucherFor(line, price, i);
          });
          const unique = vouchers.filter(
            (v, i) =>
              vouchers.findIndex((w) => w.productId === v.productId && w.variantId === v.variantId) === i,
          );
          return {
            status: b.status,
            id: b.id,
            storeId: 'arena-web',
            currency,
            created: b.created,
            updated: b.created,
            // Only an intent's providers confirm (C-8.2): none while open, some while locked, all once paid.
            providerBaskets:
              b.status === 'locked'
                ? providerBaskets
                : providerBaskets.map((pb) => ({ ...pb, confirmed: b.status === 'checkedOut' })),
            customerDetails: b.storedDetails.map(customerDetailValue),
            vouchers: unique,
            ...(b.contactId === undefined ? {} : { contactId: b.contactId }),
            ...(b.status === 'open' ? {} : { activePaymentIntentId: b.paymentIntentId }),
          };
        }),
    );
};

/** A basket state and a moment to read it at: within two hours of its creation, so some holds run out. */
export const basketAndNowArb = (options: BasketStateOptions = {}): fc.Arbitrary<[ExistingBasket, Instant]> =>
  basketStateArb(options).chain((state) =>
    instantAfterArb(state.created, 120).map((now): [ExistingBasket, Instant] => [state, now]),
  );
