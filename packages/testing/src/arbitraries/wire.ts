import {
  type AddProductToBasketRequest,
  type Address,
  type Basket,
  type CreatePaymentIntentRequest,
  type Currency,
  type CustomerDetailField,
  CustomerDetailFieldType,
  type CustomerDetailFieldValue,
  type DeliveryMethod,
  type DeliveryMethodSelection,
  EmailAddress,
  type EventListing,
  type Instant,
  isInstant,
  isProviderIdentity,
  isUuid,
  type LineItem,
  type LineItemFeature,
  type Money,
  type Notification,
  NotificationOperation,
  type NotificationResponse,
  type PaymentIntent,
  PaymentIntentStatus,
  type Problem,
  ProblemCode,
  type ProviderBasket,
  type ProviderDiscount,
  type ProviderIdentity,
  type SelectSeatsRequest,
  type SelectTimeSlotRequest,
  type SetCustomerDetailsRequest,
  type SetDeliveryMethodRequest,
  type Ticket,
  type UpdateLineItemQuantityRequest,
  type UpdateLineItemRequest,
  type UseSavedTokenRequest,
  type Uuid,
  type Voucher,
  type VoucherRequest,
} from '@basket/core';
import fc from 'fast-check';

/*
 * Arbitraries of valid wire values, one per codec of @basket/core's wire layer: each value decodes
 * to itself. Every amount of a resource is in the one currency it is given (C-1.4).
 */

const INT32_MAX = 2 ** 31 - 1;

const text = fc.string({ maxLength: 24 });
const nonEmptyText = fc.string({ minLength: 1, maxLength: 24 });
const few = <A>(arbitrary: fc.Arbitrary<A>) => fc.array(arbitrary, { maxLength: 3 });

/** One of the keys of an io-ts `keyof` codec. */
const oneKeyOf = <K extends string>(codec: { keys: Record<K, unknown>; is: (u: unknown) => u is K }) =>
  fc.constantFrom(...Object.keys(codec.keys)).filter(codec.is);

export const arbitraryInt32 = fc.integer({ min: -(2 ** 31), max: INT32_MAX });

/** A provider's id: the part of its ProviderIdentities before `|`, such as `tix:arena` or `shop`. */
export const arbitraryProviderName = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{1,5}$/),
    fc.option(fc.stringMatching(/^[a-z0-9]{1,12}$/), { nil: undefined }),
  )
  .map(([name, sub]) => (sub === undefined ? name : `${name}:${sub}`));

// Built once: building a `stringMatching` arbitrary is slow.
const providerLocalPart = fc.stringMatching(/^[a-z0-9]{24}$/);

/** A ProviderIdentity of `provider`, or of any provider. */
export const arbitraryProviderIdentity = (
  provider: fc.Arbitrary<string> = arbitraryProviderName,
): fc.Arbitrary<ProviderIdentity> =>
  fc
    .tuple(provider, providerLocalPart)
    .map(([name, local]) => `${name}|${local}`)
    .filter(isProviderIdentity);

export const arbitraryInstant: fc.Arbitrary<Instant> = fc
  .date({
    min: new Date('0000-01-01T00:00:00.000Z'),
    max: new Date('9999-12-31T23:59:59.999Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString())
  .filter(isInstant);

export const arbitraryUuid: fc.Arbitrary<Uuid> = fc.uuid().filter(isUuid);

export const arbitraryCurrency: fc.Arbitrary<Currency> = fc.record({
  code: fc.stringMatching(/^[A-Z]{3}$/),
  precision: fc.integer({ min: 0, max: 4 }),
});

/** An amount of `currency`, by default from 0 to the largest int32. */
export const arbitraryMoney = (currency: Currency, { min = 0, max = INT32_MAX } = {}): fc.Arbitrary<Money> =>
  fc
    .integer({ min, max })
    .map((minorUnits) => ({ minorUnits, currencyCode: currency.code, precision: currency.precision }));

/** A free-form JSON object, as JSON would carry it. */
export const arbitraryFreeFormObject: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  text,
  fc.jsonValue().map((value): unknown => JSON.parse(JSON.stringify(value))),
  { maxKeys: 4, noNullPrototype: true },
);

export const arbitraryAddress: fc.Arbitrary<Address> = fc.record(
  {
    StreetLine1: nonEmptyText,
    StreetLine2: text,
    StreetLine3: text,
    City: nonEmptyText,
    Region: text,
    CountryCode: fc.stringMatching(/^[A-Z]{2}$/),
    PostalCode: nonEmptyText,
  },
  { requiredKeys: ['StreetLine1', 'City', 'CountryCode', 'PostalCode'] },
);

export const arbitraryLineItemFeature: fc.Arbitrary<LineItemFeature> = fc.record(
  {
    type: fc.constant('cross-sell' as const),
    key: fc.option(text),
    crossSoldFromLineItemId: arbitraryProviderIdentity(),
  },
  { requiredKeys: ['type', 'crossSoldFromLineItemId'] },
);

export const arbitraryProviderDiscount = (currency: Currency): fc.Arbitrary<ProviderDiscount> =>
  fc.record({ id: text, title: text, code: text, description: text, amount: arbitraryMoney(currency) });

const arbitraryTicket = (currency: Currency): fc.Arbitrary<Ticket> =>
  fc.record({
    id: text,
    providerSeatId: text,
    seatCategory: text,
    tariff: text,
    section: text,
    providerSectionId: text,
    row: text,
    seat: text,
    price: arbitraryMoney(currency),
  });

const team = fc.record({ id: text, name: text, logoImageUrl: fc.webUrl() }, { requiredKeys: ['id', 'name'] });

/** A line of any type, whose payload is the one of its type. */
export const arbitraryLineItem = (currency: Currency): fc.Arbitrary<LineItem> => {
  const money = arbitraryMoney(currency);
  const quantity = fc.integer({ min: 1, max: 99 });
  const payloads = fc.oneof(
    fc.record({
      type: fc.constant('Ticketing' as const),
      ticketing: fc.record(
        {
          type: fc.constant('TicketedEvent' as const),
          eventType: fc.constant('SportsMatch' as const),
          sportsMatch: fc.record({
            matchDate: arbitraryInstant,
            competition: fc.record({ name: text, season: text, competitionType: text }),
            hostTeam: team,
            opponentTeam: team,
          }),
          tickets: few(arbitraryTicket(currency)),
        },
        { requiredKeys: ['type', 'tickets'] },
      ),
    }),
    fc.record({
      type: fc.constant('Consumable' as const),
      consumable: fc.record(
        {
          quantity,
          UnitPrice: money,
          title: text,
          productGroupId: text,
          kioskId: text,
          timestreamId: text,
          validUntil: arbitraryInstant,
          description: text,
          allergens: text,
          image: text,
          calories: fc.nat({ max: 5000 }),
        },
        { requiredKeys: ['quantity', 'UnitPrice', 'title'] },
      ),
    }),
    fc.record({
      type: fc.constant('TimeSlot' as const),
      timeSlot: fc.record({
        quantity,
        unitPrice: money,
        tariffId: arbitraryProviderIdentity(),
        tariffName: text,
        rateId: arbitraryProviderIdentity(),
        timeSlotId: arbitraryProviderIdentity(),
        productName: text,
      }),
    }),
    fc.record({
      type: fc.constant('VariableProduct' as const),
      variableProduct: fc.record({
        quantity,
        unitPrice: money,
        variant: fc.record({ id: text, name: text, sku: text, imageUrl: text }),
      }),
    }),
  );
  const common = fc.record(
    {
      id: arbitraryProviderIdentity(),
      productId: arbitraryProviderIdentity(),
      crossSoldFromProductId: arbitraryProviderIdentity(),
      totalPrice: money,
      originalTotalPrice: money,
      totalProviderDiscounts: money,
      providerDiscounts: few(arbitraryProviderDiscount(currency)),
      deliveryMethodIdOptions: few(nonEmptyText),
      features: few(arbitraryLineItemFeature),
    },
    { requiredKeys: ['id', 'productId', 'totalPrice'] },
  );
  return fc.tuple(common, payloads).map(([line, payload]) => ({ ...line, ...payload }));
};

export const arbitraryDeliveryMethod = (currency: Currency): fc.Arbitrary<DeliveryMethod> =>
  fc.oneof(
    fc.record({
      type: fc.constant('Address' as const),
      id: nonEmptyText,
      title: text,
      description: text,
      provider: fc.record({ name: text, logo: fc.webUrl() }),
      entries: few(fc.record({ id: nonEmptyText, address: text })),
      totalPrice: arbitraryMoney(currency),
    }),
    fc.record({
      type: fc.constant('Digital' as const),
      id: nonEmptyText,
      title: text,
      description: text,
      totalPrice: arbitraryMoney(currency),
      alwaysIncluded: fc.boolean(),
    }),
    fc.record({ type: fc.constantFrom('KioskCollection' as const, 'InSeat' as const), id: nonEmptyText }),
  );

export const arbitraryDeliveryMethodSelection: fc.Arbitrary<DeliveryMethodSelection> = fc.oneof(
  fc.record({
    type: fc.constantFrom('KioskCollection' as const, 'InSeat' as const),
    id: nonEmptyText,
    kioskId: nonEmptyText,
    collectionTime: arbitraryInstant,
    collectionId: nonEmptyText,
    seatId: nonEmptyText,
  }),
  fc.record({ type: fc.constant('Address' as const), id: nonEmptyText, addressEntryId: nonEmptyText }),
  fc.record({ type: fc.constant('Address' as const), id: nonEmptyText, address: arbitraryAddress }),
  fc.record({ type: fc.constant('Digital' as const), id: nonEmptyText }),
);

export const arbitraryCustomerDetailField: fc.Arbitrary<CustomerDetailField> = fc.record({
  type: oneKeyOf(CustomerDetailFieldType),
});

const nameValue = fc.record({ name: fc.string({ minLength: 1, maxLength: 100 }) });

/** A value of the shape of its type (C-7.12), or none, which clears the field. */
export const arbitraryCustomerDetailFieldValue: fc.Arbitrary<CustomerDetailFieldValue> = fc.oneof(
  fc.record(
    {
      type: fc.constant('Email' as const),
      value: fc.record({ email: fc.emailAddress().filter(EmailAddress.is) }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    { type: fc.constantFrom('FirstName' as const, 'LastName' as const), value: nameValue },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    { type: fc.constantFrom('BillingFirstName' as const, 'BillingLastName' as const), value: nameValue },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('PhoneNumber' as const),
      value: fc.record({ phoneNumber: fc.stringMatching(/^\+[1-9]\d{1,14}$/) }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    { type: fc.constantFrom('BillingAddress' as const, 'DeliveryAddress' as const), value: arbitraryAddress },
    { requiredKeys: ['type'] },
  ),
);

export const arbitraryVoucher = (currency: Currency): fc.Arbitrary<Voucher> =>
  fc.record({
    name: text,
    code: text,
    productId: arbitraryProviderIdentity(),
    variantId: text,
    originalPrice: arbitraryMoney(currency),
    voucherPrice: arbitraryMoney(currency),
    discountAmount: arbitraryMoney(currency),
  });

export const arbitraryProviderBasket = (currency: Currency): fc.Arbitrary<ProviderBasket> =>
  fc.record(
    {
      id: arbitraryProviderIdentity(),
      expires: arbitraryInstant,
      totalPrice: arbitraryMoney(currency),
      lineItems: few(arbitraryLineItem(currency)),
      deliveryMethods: few(arbitraryDeliveryMethod(currency)),
      deliveryMethodSelections: few(arbitraryDeliveryMethodSelection),
      originalTotalPrice: arbitraryMoney(currency),
      totalProviderDiscounts: arbitraryMoney(currency),
      providerDiscounts: few(arbitraryProviderDiscount(currency)),
    },
    { requiredKeys: ['id', 'totalPrice', 'lineItems', 'deliveryMethods', 'deliveryMethodSelections'] },
  );

/** A basket in `currency`, or in any currency. */
export const arbitraryBasket = (currency?: Currency): fc.Arbitrary<Basket> =>
  (currency === undefined ? arbitraryCurrency : fc.constant(currency)).chain((basketCurrency) =>
    fc.record(
      {
        id: arbitraryUuid,
        created: arbitraryInstant,
        updated: arbitraryInstant,
        contactId: nonEmptyText,
        providerBaskets: fc.array(arbitraryProviderBasket(basketCurrency), { maxLength: 2 }),
        customerDetails: few(arbitraryCustomerDetailField),
        totalPrice: arbitraryMoney(basketCurrency),
        deliveryTotalPrice: arbitraryMoney(basketCurrency),
        originalTotalPrice: arbitraryMoney(basketCurrency),
        totalProviderDiscounts: arbitraryMoney(basketCurrency),
        missingCustomerDetailFields: fc.boolean(),
        activePaymentIntentId: arbitraryUuid,
        vouchers: few(arbitraryVoucher(basketCurrency)),
      },
      {
        requiredKeys: [
          'id',
          'created',
          'updated',
          'providerBaskets',
          'customerDetails',
          'totalPrice',
          'deliveryTotalPrice',
          'missingCustomerDetailFields',
          'vouchers',
        ],
      },
    ),
  );

const arbitraryStateMachine = fc.record(
  {
    pendingProviderBasjets: few(arbitraryProviderIdentity()),
    pendingPaymentProvider: fc.boolean(),
    notificationId: arbitraryUuid,
    ready: fc.boolean(),
  },
  { requiredKeys: ['pendingProviderBasjets', 'pendingPaymentProvider', 'ready'] },
);

/** A payment intent in `currency`, or in any currency. */
export const arbitraryPaymentIntent = (currency?: Currency): fc.Arbitrary<PaymentIntent> =>
  (currency === undefined ? arbitraryCurrency : fc.constant(currency)).chain((intentCurrency) =>
    fc.record(
      {
        id: arbitraryUuid,
        status: oneKeyOf(PaymentIntentStatus),
        created: arbitraryInstant,
        updated: arbitraryInstant,
        paymentDetails: fc.record({
          totalPaid: arbitraryMoney(intentCurrency),
          components: few(
            fc.record({
              providerBasketId: arbitraryProviderIdentity(),
              portionOfTotalPaid: arbitraryMoney(intentCurrency),
            }),
          ),
        }),
        creationStateMachine: arbitraryStateMachine,
        cancellationStateMachine: arbitraryStateMachine,
        pspPaymentreference: arbitraryProviderIdentity(),
        pspPayload: arbitraryFreeFormObject,
      },
      { requiredKeys: ['id', 'status', 'created', 'updated', 'paymentDetails', 'creationStateMachine'] },
    ),
  );

export const arbitraryNotificationResponse: fc.Arbitrary<NotificationResponse> = fc.record({
  notificationId: arbitraryUuid,
});

export const arbitraryProblem: fc.Arbitrary<Problem> = fc.record(
  {
    type: text,
    title: text,
    status: fc.integer({ min: 400, max: 599 }),
    detail: text,
    code: oneKeyOf(ProblemCode),
    instance: text,
    errors: few(fc.record({ path: text, message: text })),
  },
  { requiredKeys: ['type', 'title', 'status', 'detail', 'code'] },
);

/** A notification in any status, with `completed` and `problem` exactly where C-5.2 puts them. */
export const arbitraryNotification: fc.Arbitrary<Notification> = fc
  .tuple(
    fc.record(
      {
        notificationId: arbitraryUuid,
        operation: oneKeyOf(NotificationOperation),
        basketId: arbitraryUuid,
        paymentIntentId: arbitraryUuid,
        created: arbitraryInstant,
      },
      { requiredKeys: ['notificationId', 'operation', 'basketId', 'created'] },
    ),
    fc.oneof(
      fc.record({ status: fc.constant('Pending' as const) }),
      fc.record({ status: fc.constant('Succeeded' as const), completed: arbitraryInstant }),
      fc.record({
        status: fc.constant('Failed' as const),
        completed: arbitraryInstant,
        problem: arbitraryProblem,
      }),
    ),
  )
  .map(([common, outcome]) => ({ ...common, ...outcome }));

export const arbitraryEventListing: fc.Arbitrary<EventListing> = fc.record({
  events: few(
    fc.record({
      version: fc.integer({ min: 1, max: INT32_MAX }),
      type: nonEmptyText,
      recorded: arbitraryInstant,
      data: arbitraryFreeFormObject,
    }),
  ),
});

const lineQuantity = fc.integer({ min: 1, max: 99 });

export const arbitraryCreatePaymentIntentRequest: fc.Arbitrary<CreatePaymentIntentRequest> =
  arbitraryFreeFormObject;

export const arbitraryAddProductToBasketRequest: fc.Arbitrary<AddProductToBasketRequest> = fc.record(
  {
    quantity: lineQuantity,
    crossSoldFromProductId: arbitraryProviderIdentity(),
    crossSoldFromLineItemId: arbitraryProviderIdentity(),
    productGroupId: nonEmptyText,
    kioskId: nonEmptyText,
    timestreamId: nonEmptyText,
    productVariantId: nonEmptyText,
    currency: text,
    subscriptionKey: text,
    subscriptionUpgradeId: text,
    subscriptionRenewId: text,
  },
  { requiredKeys: ['quantity'] },
);

/** Automatic (`rates`) or manual (`seats`) selection, never both (C-7.5). */
export const arbitrarySelectSeatsRequest: fc.Arbitrary<SelectSeatsRequest> = fc.oneof(
  fc.record({
    rates: fc.array(
      fc.record({ rateId: arbitraryProviderIdentity(), quantity: fc.integer({ min: 1, max: INT32_MAX }) }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  fc.record({
    // Each seat once (C-1.6).
    seats: fc.uniqueArray(fc.record({ rateId: arbitraryProviderIdentity(), seatId: nonEmptyText }), {
      minLength: 1,
      maxLength: 3,
      selector: (seat) => seat.seatId,
    }),
  }),
);

/** Rates, each named once, of which at least one asks for a place (C-7.6). */
export const arbitrarySelectTimeSlotRequest: fc.Arbitrary<SelectTimeSlotRequest> = fc.record({
  timeSlotId: arbitraryProviderIdentity(),
  rates: fc
    .uniqueArray(fc.record({ rateId: arbitraryProviderIdentity(), quantity: fc.nat({ max: 99 }) }), {
      minLength: 1,
      maxLength: 3,
      selector: (rate) => rate.rateId,
    })
    .filter((rates) => rates.some((rate) => rate.quantity > 0)),
});

export const arbitraryUpdateLineItemRequest: fc.Arbitrary<UpdateLineItemRequest> = fc.record(
  { type: fc.constant('TimeSlot' as const), quantity: lineQuantity },
  { requiredKeys: ['type'] },
);

export const arbitraryUpdateLineItemQuantityRequest: fc.Arbitrary<UpdateLineItemQuantityRequest> = fc.record({
  quantity: lineQuantity,
});

export const arbitrarySetDeliveryMethodRequest: fc.Arbitrary<SetDeliveryMethodRequest> = fc.record({
  deliveryMethod: arbitraryDeliveryMethodSelection,
});

export const arbitrarySetCustomerDetailsRequest: fc.Arbitrary<SetCustomerDetailsRequest> = fc.record(
  { customerDetails: few(arbitraryCustomerDetailFieldValue) },
  { requiredKeys: [] },
);

export const arbitraryVoucherRequest: fc.Arbitrary<VoucherRequest> = fc.record({ voucherCode: nonEmptyText });

export const arbitraryUseSavedTokenRequest: fc.Arbitrary<UseSavedTokenRequest> = fc.record({
  paymentIntentId: nonEmptyText,
  tokenId: nonEmptyText,
});
