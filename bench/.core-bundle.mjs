// bench/core.ts
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";

// packages/core/src/decider.ts
var problem = (code, detail) => ({ code, detail });
var fold = (evolve, state2, events) => events.reduce(evolve, state2);

// packages/core/src/time.ts
var addMinutes = (at, minutes) => new Date(Date.parse(at) + minutes * 6e4).toISOString();
var isBefore = (a, b) => Date.parse(a) < Date.parse(b);
var isAtOrAfter = (a, b) => !isBefore(a, b);

// packages/core/src/wire/address.ts
import * as t3 from "io-ts";

// packages/core/src/wire/combinators.ts
import * as t from "io-ts";

// packages/core/src/omit-undefined.ts
var omitUndefined = (value) => {
  const copy = { ...value };
  for (const key of Object.keys(copy)) {
    if (Reflect.get(copy, key) === void 0) Reflect.deleteProperty(copy, key);
  }
  return copy;
};

// packages/core/src/wire/combinators.ts
function refine(codec, predicate, name, message) {
  return new t.RefinementType(
    name,
    (u) => codec.is(u) && predicate(u),
    (u, c) => {
      const decoded = codec.validate(u, c);
      if (decoded._tag === "Left") return decoded;
      return predicate(decoded.right) ? t.success(decoded.right) : t.failure(decoded.right, c, message);
    },
    (a) => codec.encode(a),
    codec,
    predicate
  );
}
var struct = (required, optional2, name) => {
  const exact2 = t.exact(t.intersection([t.type(required), t.partial(optional2)]), name);
  return new t.ExactType(name, exact2.is, exact2.validate, (a) => omitUndefined(exact2.encode(a)), exact2.type);
};

// packages/core/src/wire/primitives.ts
import * as t2 from "io-ts";
var INT32_MIN = -(2 ** 31);
var INT32_MAX = 2 ** 31 - 1;
var isInt32 = (n) => Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;
var Int32 = refine(
  t2.number,
  isInt32,
  "Int32",
  `expected an integer from ${INT32_MIN} to ${INT32_MAX}`
);
var int32Between = (min2, max) => refine(
  t2.number,
  (n) => isInt32(n) && n >= min2 && n <= max,
  `Int32 ${min2}..${max}`,
  `expected an integer from ${min2} to ${max}`
);
var int32AtLeast = (min2) => refine(t2.number, (n) => isInt32(n) && n >= min2, `Int32 >= ${min2}`, `expected an integer >= ${min2}`);
var NonEmptyString = refine(
  t2.string,
  (s) => s.length > 0,
  "NonEmptyString",
  "expected a non-empty string"
);
var FreeFormObject = t2.record(t2.string, t2.unknown, "FreeFormObject");
var PROVIDER_IDENTITY = /^[a-z0-9]{1,5}(:[a-z0-9]{1,12})?\|[a-z0-9]{24}$/;
var isProviderIdentity = (u) => typeof u === "string" && PROVIDER_IDENTITY.test(u);
var ProviderIdentity = refine(
  t2.string,
  (s) => isProviderIdentity(s),
  "ProviderIdentity",
  "expected a ProviderIdentity '<provider>|<24 lowercase letters or digits>'"
);
var providerOf = (id) => id.slice(0, id.indexOf("|"));
var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
var isUuid = (u) => typeof u === "string" && UUID.test(u);
var Uuid = refine(
  t2.string,
  (s) => isUuid(s),
  "Uuid",
  "expected a lowercase UUID (RFC 9562, version 1 to 8)"
);

// packages/core/src/wire/address.ts
var Address = struct(
  {
    StreetLine1: NonEmptyString,
    City: NonEmptyString,
    CountryCode: NonEmptyString,
    PostalCode: NonEmptyString
  },
  { StreetLine2: t3.string, StreetLine3: t3.string, Region: t3.string },
  "Address"
);

// packages/core/src/wire/basket.ts
import * as t10 from "io-ts";

// packages/core/src/money.ts
import * as E from "fp-ts/Either";
import * as t4 from "io-ts";
var MoneyC = struct(
  { minorUnits: Int32, currencyCode: NonEmptyString, precision: Int32 },
  {},
  "Money"
);
var CurrencyC = struct(
  {
    code: refine(
      t4.string,
      (code) => /^[A-Z]{3}$/.test(code),
      "CurrencyCode",
      "expected a three-letter ISO 4217 code"
    ),
    precision: int32Between(0, 4)
  },
  {},
  "Currency"
);
var currencyOf = (money) => ({
  code: money.currencyCode,
  precision: money.precision
});
var sameCurrency = (a, b) => a.currencyCode === b.currencyCode && a.precision === b.precision;
var fromMinorUnits = (currency, minorUnits) => ({
  minorUnits,
  currencyCode: currency.code,
  precision: currency.precision
});
var combineMinorUnits = (combine) => (left11, right8) => sameCurrency(left11, right8) ? E.right(combine(left11.minorUnits, right8.minorUnits, left11)) : E.left({ _tag: "CurrencyMismatch", left: currencyOf(left11), right: currencyOf(right8) });
var add = combineMinorUnits((a, b, left11) => ({ ...left11, minorUnits: a + b }));
var subtract = combineMinorUnits((a, b, left11) => ({ ...left11, minorUnits: a - b }));
var min = combineMinorUnits((a, b, left11) => ({ ...left11, minorUnits: Math.min(a, b) }));
var compare = combineMinorUnits((a, b) => a < b ? -1 : a > b ? 1 : 0);

// packages/core/src/wire/customer-details.ts
import * as t5 from "io-ts";
var CustomerDetailFieldTypes = [
  "Email",
  "FirstName",
  "LastName",
  "PhoneNumber",
  "BillingAddress",
  "DeliveryAddress",
  "BillingFirstName",
  "BillingLastName"
];
var CustomerDetailFieldType = t5.keyof(
  {
    Email: null,
    FirstName: null,
    LastName: null,
    PhoneNumber: null,
    BillingAddress: null,
    DeliveryAddress: null,
    BillingFirstName: null,
    BillingLastName: null
  },
  "CustomerDetailFieldType"
);
var CustomerDetailField = struct({ type: CustomerDetailFieldType }, {}, "CustomerDetailField");
var EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
var E164 = /^\+[1-9]\d{1,14}$/;
var EmailAddress = refine(
  t5.string,
  (s) => s.length <= 254 && EMAIL.test(s),
  "EmailAddress",
  "expected an email address"
);
var PersonName = refine(
  t5.string,
  (s) => s.length >= 1 && s.length <= 100,
  "PersonName",
  "expected a name of 1 to 100 characters"
);
var E164PhoneNumber = refine(
  t5.string,
  (s) => E164.test(s),
  "E164PhoneNumber",
  "expected a phone number in E.164 form, e.g. +441132960000"
);
var EmailValue = struct({ email: EmailAddress }, {}, "EmailValue");
var NameValue = struct({ name: PersonName }, {}, "NameValue");
var PhoneNumberValue = struct({ phoneNumber: E164PhoneNumber }, {}, "PhoneNumberValue");
var fieldValue = (type9, value) => struct({ type: t5.literal(type9) }, { value }, `${type9}FieldValue`);
var CustomerDetailFieldValue = t5.union(
  [
    fieldValue("Email", EmailValue),
    fieldValue("FirstName", NameValue),
    fieldValue("LastName", NameValue),
    fieldValue("PhoneNumber", PhoneNumberValue),
    fieldValue("BillingAddress", Address),
    fieldValue("DeliveryAddress", Address),
    fieldValue("BillingFirstName", NameValue),
    fieldValue("BillingLastName", NameValue)
  ],
  "CustomerDetailFieldValue"
);

// packages/core/src/wire/delivery.ts
import * as t7 from "io-ts";

// packages/core/src/wire/instant.ts
import * as t6 from "io-ts";
var CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
var ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;
var isLeapYear = (year) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
var daysInMonth = (year, month) => {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
};
var toCanonical = (text) => {
  const match = ISO_DATE_TIME.exec(text);
  if (match === null) return void 0;
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes] = match;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  const s = Number(second ?? "0");
  const oh = Number(offsetHours ?? "0");
  const om = Number(offsetMinutes ?? "0");
  const exists2 = mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h <= 23 && mi <= 59 && s <= 59;
  if (!exists2 || oh > 23 || om > 59) return void 0;
  const date = /* @__PURE__ */ new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, Number((fraction ?? "").padEnd(3, "0").slice(0, 3)));
  const offsetMillis = (sign === "-" ? -1 : 1) * (oh * 60 + om) * 6e4;
  const utc = new Date(date.getTime() - offsetMillis);
  return Number.isNaN(utc.getTime()) ? void 0 : utc.toISOString();
};
var isInstant = (u) => typeof u === "string" && CANONICAL.test(u) && toCanonical(u) === u;
var Instant = new t6.RefinementType(
  "Instant",
  isInstant,
  (u, c) => {
    if (typeof u !== "string") return t6.failure(u, c);
    const canonical3 = toCanonical(u);
    return isInstant(canonical3) ? t6.success(canonical3) : t6.failure(u, c, "expected an ISO 8601 date-time with an offset, e.g. 2026-11-21T18:04:05.123Z");
  },
  t6.identity,
  t6.string,
  isInstant
);

// packages/core/src/wire/delivery.ts
var DeliveryMethodType = t7.keyof(
  { Digital: null, Address: null, KioskCollection: null, InSeat: null },
  "DeliveryMethodType"
);
var AddressEntry = struct({ id: t7.string, address: t7.string }, {}, "AddressEntry");
var DeliveryMethodProvider = struct(
  { name: t7.string, logo: t7.string },
  {},
  "DeliveryMethodProvider"
);
var AddressDeliveryMethod = struct(
  {
    type: t7.literal("Address"),
    id: t7.string,
    title: t7.string,
    description: t7.string,
    provider: DeliveryMethodProvider,
    entries: t7.array(AddressEntry),
    totalPrice: MoneyC
  },
  {},
  "AddressDeliveryMethod"
);
var DigitalDeliveryMethod = struct(
  {
    type: t7.literal("Digital"),
    id: t7.string,
    title: t7.string,
    description: t7.string,
    totalPrice: MoneyC,
    alwaysIncluded: t7.boolean
  },
  {},
  "DigitalDeliveryMethod"
);
var KioskCollectionDeliveryMethod = struct(
  { type: t7.literal("KioskCollection"), id: t7.string },
  {},
  "KioskCollectionDeliveryMethod"
);
var InSeatDeliveryMethod = struct(
  { type: t7.literal("InSeat"), id: t7.string },
  {},
  "InSeatDeliveryMethod"
);
var DeliveryMethod = t7.union(
  [AddressDeliveryMethod, DigitalDeliveryMethod, KioskCollectionDeliveryMethod, InSeatDeliveryMethod],
  "DeliveryMethod"
);
var collectionFields = {
  id: NonEmptyString,
  kioskId: NonEmptyString,
  collectionTime: Instant,
  collectionId: NonEmptyString,
  seatId: NonEmptyString
};
var KioskCollectionSelection = struct(
  { type: t7.literal("KioskCollection"), ...collectionFields },
  {},
  "KioskCollectionSelection"
);
var InSeatSelection = struct(
  { type: t7.literal("InSeat"), ...collectionFields },
  {},
  "InSeatSelection"
);
var AddressSelection = refine(
  struct(
    { type: t7.literal("Address"), id: NonEmptyString },
    { addressEntryId: NonEmptyString, address: Address },
    "AddressSelection"
  ),
  (selection) => selection.addressEntryId === void 0 !== (selection.address === void 0),
  "AddressSelection",
  "exactly one of addressEntryId and address is required"
);
var DigitalSelection = struct(
  { type: t7.literal("Digital"), id: NonEmptyString },
  {},
  "DigitalSelection"
);
var DeliveryMethodSelection = t7.union(
  [KioskCollectionSelection, InSeatSelection, AddressSelection, DigitalSelection],
  "DeliveryMethodSelection"
);

// packages/core/src/wire/line-item.ts
import * as t9 from "io-ts";

// packages/core/src/wire/line-item-feature.ts
import * as t8 from "io-ts";
var CrossSellLineItemFeature = struct(
  { type: t8.literal("cross-sell"), crossSoldFromLineItemId: ProviderIdentity },
  { key: t8.union([t8.string, t8.null]) },
  "CrossSellLineItemFeature"
);
var LineItemFeature = CrossSellLineItemFeature;
var MAPPED_FEATURE_TYPES = /* @__PURE__ */ new Set(["cross-sell"]);
var isUnmappedFeature = (u) => t8.UnknownRecord.is(u) && typeof u.type === "string" && !MAPPED_FEATURE_TYPES.has(u.type);
var LineItemFeatureArray = t8.array(LineItemFeature);
var LineItemFeatures = new t8.ArrayType(
  "LineItemFeatures",
  LineItemFeatureArray.is,
  (u, c) => {
    if (!Array.isArray(u)) return t8.failure(u, c);
    const features = [];
    const errors = [];
    u.forEach((element, index) => {
      if (isUnmappedFeature(element)) return;
      const decoded = LineItemFeature.validate(
        element,
        t8.appendContext(c, String(index), LineItemFeature, element)
      );
      if (decoded._tag === "Left") errors.push(...decoded.left);
      else features.push(decoded.right);
    });
    return errors.length > 0 ? t8.failures(errors) : t8.success(features);
  },
  LineItemFeatureArray.encode,
  LineItemFeature
);

// packages/core/src/wire/line-item.ts
var ProviderDiscount = struct(
  { id: t9.string, title: t9.string, code: t9.string, description: t9.string, amount: MoneyC },
  {},
  "ProviderDiscount"
);
var SportsTeam = struct({ id: t9.string, name: t9.string }, { logoImageUrl: t9.string }, "SportsTeam");
var SportsCompetition = struct(
  { name: t9.string, season: t9.string, competitionType: t9.string },
  {},
  "SportsCompetition"
);
var SportsMatch = struct(
  { matchDate: Instant, competition: SportsCompetition, hostTeam: SportsTeam, opponentTeam: SportsTeam },
  {},
  "SportsMatch"
);
var Ticket = struct(
  {
    id: t9.string,
    providerSeatId: t9.string,
    seatCategory: t9.string,
    tariff: t9.string,
    section: t9.string,
    providerSectionId: t9.string,
    row: t9.string,
    seat: t9.string,
    price: MoneyC
  },
  {},
  "Ticket"
);
var TicketingType = t9.keyof({ TicketedEvent: null }, "TicketingType");
var TicketingEventType = t9.keyof({ SportsMatch: null }, "TicketingEventType");
var TicketingLineItem = struct(
  { type: TicketingType, tickets: t9.array(Ticket) },
  { eventType: TicketingEventType, sportsMatch: SportsMatch },
  "TicketingLineItem"
);
var ConsumableLineItem = struct(
  { quantity: Int32, UnitPrice: MoneyC, title: t9.string },
  {
    productGroupId: t9.string,
    kioskId: t9.string,
    timestreamId: t9.string,
    validUntil: Instant,
    description: t9.string,
    allergens: t9.string,
    image: t9.string,
    calories: Int32
  },
  "ConsumableLineItem"
);
var TimeSlotLineItem = struct(
  {
    quantity: Int32,
    unitPrice: MoneyC,
    tariffId: ProviderIdentity,
    tariffName: t9.string,
    rateId: ProviderIdentity,
    timeSlotId: ProviderIdentity,
    productName: t9.string
  },
  {},
  "TimeSlotLineItem"
);
var VariableProductVariant = struct(
  { id: t9.string, name: t9.string, sku: t9.string, imageUrl: t9.string },
  {},
  "VariableProductVariant"
);
var VariableProductLineItem = struct(
  { quantity: Int32, unitPrice: MoneyC, variant: VariableProductVariant },
  {},
  "VariableProductLineItem"
);
var LineItemType = t9.keyof(
  { Ticketing: null, Consumable: null, TimeSlot: null, VariableProduct: null },
  "LineItemType"
);
var LineItem = struct(
  { id: ProviderIdentity, type: LineItemType, productId: ProviderIdentity, totalPrice: MoneyC },
  {
    crossSoldFromProductId: ProviderIdentity,
    ticketing: TicketingLineItem,
    consumable: ConsumableLineItem,
    timeSlot: TimeSlotLineItem,
    variableProduct: VariableProductLineItem,
    originalTotalPrice: MoneyC,
    totalProviderDiscounts: MoneyC,
    providerDiscounts: t9.array(ProviderDiscount),
    deliveryMethodIdOptions: t9.array(t9.string),
    features: LineItemFeatures
  },
  "LineItem"
);

// packages/core/src/wire/basket.ts
var ProviderBasket = struct(
  {
    id: ProviderIdentity,
    totalPrice: MoneyC,
    lineItems: t10.array(LineItem),
    deliveryMethods: t10.array(DeliveryMethod),
    deliveryMethodSelections: t10.array(DeliveryMethodSelection)
  },
  {
    expires: Instant,
    originalTotalPrice: MoneyC,
    totalProviderDiscounts: MoneyC,
    providerDiscounts: t10.array(ProviderDiscount)
  },
  "ProviderBasket"
);
var Voucher = struct(
  {
    name: t10.string,
    code: t10.string,
    productId: ProviderIdentity,
    variantId: t10.string,
    originalPrice: MoneyC,
    voucherPrice: MoneyC,
    discountAmount: MoneyC
  },
  {},
  "Voucher"
);
var Basket = struct(
  {
    id: Uuid,
    created: Instant,
    updated: Instant,
    providerBaskets: t10.array(ProviderBasket),
    customerDetails: t10.array(CustomerDetailField),
    totalPrice: MoneyC,
    deliveryTotalPrice: MoneyC,
    missingCustomerDetailFields: t10.boolean,
    vouchers: t10.array(Voucher)
  },
  {
    contactId: NonEmptyString,
    originalTotalPrice: MoneyC,
    totalProviderDiscounts: MoneyC,
    activePaymentIntentId: Uuid
  },
  "Basket"
);

// packages/core/src/wire/event-listing.ts
import * as t11 from "io-ts";
var ListedEvent = struct(
  { version: int32AtLeast(1), type: NonEmptyString, recorded: Instant, data: FreeFormObject },
  {},
  "ListedEvent"
);
var EventListing = struct({ events: t11.array(ListedEvent) }, {}, "EventListing");

// packages/core/src/wire/notification.ts
import * as t13 from "io-ts";

// packages/core/src/wire/problem.ts
import * as t12 from "io-ts";
var ProblemCode = t12.keyof(
  {
    "validation-failed": null,
    unauthorized: null,
    forbidden: null,
    "basket-not-found": null,
    "provider-basket-not-found": null,
    "line-item-not-found": null,
    "payment-intent-not-found": null,
    "notification-not-found": null,
    "not-found": null,
    "method-not-allowed": null,
    "basket-locked": null,
    "basket-checked-out": null,
    "contact-conflict": null,
    "payment-intent-state": null,
    "precondition-failed": null,
    "payload-too-large": null,
    "unsupported-media-type": null,
    "idempotency-key-reused": null,
    "payment-declined": null,
    "internal-error": null,
    "product-not-found": null,
    "product-unavailable": null,
    "wrong-product-type": null,
    "seats-unavailable": null,
    "insufficient-capacity": null,
    "quantity-limit": null,
    "variant-required": null,
    "variant-not-found": null,
    "cross-sell-parent-not-found": null,
    "cross-sell-not-allowed": null,
    "currency-mismatch": null,
    "voucher-invalid": null,
    "voucher-not-applicable": null,
    "delivery-method-invalid": null,
    "kiosk-not-found": null,
    "collection-time-invalid": null,
    "seat-not-in-basket": null,
    "basket-limit": null,
    "provider-refused": null,
    "rate-not-found": null,
    "time-slot-not-found": null,
    "seat-not-found": null,
    "basket-empty": null,
    "delivery-not-covered": null,
    "customer-details-missing": null
  },
  "ProblemCode"
);
var FieldError = struct({ path: t12.string, message: t12.string }, {}, "FieldError");
var Problem = struct(
  { type: t12.string, title: t12.string, status: int32Between(400, 599), detail: t12.string, code: ProblemCode },
  { instance: t12.string, errors: t12.array(FieldError) },
  "Problem"
);

// packages/core/src/wire/notification.ts
var NotificationResponse = struct({ notificationId: Uuid }, {}, "NotificationResponse");
var AcceptedNotificationResponse = struct(
  { notificationId: Uuid },
  {},
  "AcceptedNotificationResponse"
);
var NotificationStatus = t13.keyof(
  { Pending: null, Succeeded: null, Failed: null },
  "NotificationStatus"
);
var NotificationOperation = t13.keyof(
  {
    assignContact: null,
    createPaymentIntent: null,
    deletePaymentIntent: null,
    addProductToBasket: null,
    selectSeats: null,
    selectTimeSlot: null,
    deleteLineItem: null,
    updateLineItem: null,
    updateLineItemQuantity: null,
    setProviderBasketDeliveryMethod: null,
    setCustomerDetails: null,
    addVoucherToBasket: null,
    removeVoucherFromBasket: null,
    /** Endpoint 17 (use saved payment token) is ordered through the basket's queue too. */
    useSavedPaymentToken: null
  },
  "NotificationOperation"
);
var common = { notificationId: Uuid, operation: NotificationOperation, basketId: Uuid, created: Instant };
var optional = { paymentIntentId: Uuid };
var PendingNotification = struct(
  { status: t13.literal("Pending"), ...common },
  optional,
  "PendingNotification"
);
var SucceededNotification = struct(
  { status: t13.literal("Succeeded"), ...common, completed: Instant },
  optional,
  "SucceededNotification"
);
var FailedNotification = struct(
  { status: t13.literal("Failed"), ...common, completed: Instant, problem: Problem },
  optional,
  "FailedNotification"
);
var Notification = t13.union(
  [PendingNotification, SucceededNotification, FailedNotification],
  "Notification"
);

// packages/core/src/wire/payment-intent.ts
import * as t14 from "io-ts";
var PaymentIntentStatus = t14.keyof(
  { PreparingPayment: null, AwaitingPayment: null, Cancelled: null, PaymentComplete: null },
  "PaymentIntentStatus"
);
var PaymentComponent = struct(
  { providerBasketId: ProviderIdentity, portionOfTotalPaid: MoneyC },
  {},
  "PaymentComponent"
);
var PaymentDetails = struct(
  { totalPaid: MoneyC, components: t14.array(PaymentComponent) },
  {},
  "PaymentDetails"
);
var PaymentIntentStateMachine = struct(
  { pendingProviderBasjets: t14.array(ProviderIdentity), pendingPaymentProvider: t14.boolean, ready: t14.boolean },
  { notificationId: Uuid },
  "PaymentIntentStateMachine"
);
var PaymentIntent = struct(
  {
    id: Uuid,
    status: PaymentIntentStatus,
    created: Instant,
    updated: Instant,
    paymentDetails: PaymentDetails,
    creationStateMachine: PaymentIntentStateMachine
  },
  {
    cancellationStateMachine: PaymentIntentStateMachine,
    pspPaymentreference: ProviderIdentity,
    pspPayload: FreeFormObject
  },
  "PaymentIntent"
);

// packages/core/src/wire/report.ts
import * as t15 from "io-ts";
var unwrap = (decoder) => {
  let current2 = decoder;
  while (current2 instanceof t15.ExactType || current2 instanceof t15.RefinementType || current2 instanceof t15.ReadonlyType) {
    current2 = current2.type;
  }
  return current2;
};
var addsPathSegment = (parent) => {
  const structural = unwrap(parent.type);
  return !(structural instanceof t15.UnionType || structural instanceof t15.IntersectionType);
};
var pathSegments = (context, length = context.length) => context.slice(1, length).flatMap((entry, index) => {
  const parent = context[index];
  return parent !== void 0 && addsPathSegment(parent) ? [entry.key] : [];
});
var isUnionWithMember = (context, index) => {
  const entry = context[index];
  return entry !== void 0 && index + 1 < context.length && unwrap(entry.type) instanceof t15.UnionType;
};
var pruneUnionNoise = (errors, from) => {
  const failures2 = /* @__PURE__ */ new Map();
  const unionEntryOf = (error) => error.context.find((_, index) => index >= from && isUnionWithMember(error.context, index));
  for (const error of errors) {
    const entry = unionEntryOf(error);
    if (entry === void 0) continue;
    const failure4 = failures2.get(entry) ?? {
      index: error.context.indexOf(entry),
      context: error.context,
      errors: []
    };
    failure4.errors.push(error);
    failures2.set(entry, failure4);
  }
  const prune = ({ index, context, errors: raised }) => {
    const unionDepth = pathSegments(context, index + 1).length;
    const deeper = raised.filter((error) => pathSegments(error.context).length > unionDepth);
    const members = new Set(raised.map((error) => error.context[index + 1]?.key));
    if (deeper.length > 0) return pruneUnionNoise(deeper, index + 2);
    if (members.size === 1) return pruneUnionNoise(raised, index + 2);
    return [{ value: context[index]?.actual, context: context.slice(0, index + 1) }];
  };
  return errors.flatMap((error) => {
    const entry = unionEntryOf(error);
    const failure4 = entry === void 0 ? void 0 : failures2.get(entry);
    if (failure4 === void 0) return [error];
    return failure4.errors[0] === error ? prune(failure4) : [];
  });
};
var discriminantOf = (union14) => {
  const literalProps = (decoder) => {
    const structural = unwrap(decoder);
    if (structural instanceof t15.IntersectionType) return structural.types.flatMap(literalProps);
    if (!(structural instanceof t15.InterfaceType)) return [];
    return Object.entries(structural.props).flatMap(
      ([key2, prop]) => prop instanceof t15.LiteralType ? [[key2, prop.value]] : []
    );
  };
  const members = union14.types.map((member) => new Map(literalProps(member)));
  const key = [...members[0]?.keys() ?? []].find(
    (candidate) => members.every((props) => props.has(candidate))
  );
  return key === void 0 ? void 0 : { key, values: members.map((props) => props.get(key)) };
};
var locate = (error) => {
  const segments = pathSegments(error.context);
  const expected = error.context[error.context.length - 1]?.type;
  const structural = expected === void 0 ? void 0 : unwrap(expected);
  if (structural instanceof t15.UnionType && t15.UnknownRecord.is(error.value)) {
    const discriminant = discriminantOf(structural);
    if (discriminant !== void 0) {
      return {
        path: [...segments, discriminant.key].join("."),
        missing: error.value[discriminant.key] === void 0,
        expectation: { typeName: discriminant.values.map((value) => JSON.stringify(value)).join(" | ") }
      };
    }
  }
  return {
    path: segments.join("."),
    missing: error.value === void 0,
    expectation: error.message !== void 0 ? { message: error.message } : { typeName: expected?.name ?? "a valid value" }
  };
};
var describe = (located) => {
  const typeNames = [
    ...new Set(located.flatMap((l) => "typeName" in l.expectation ? [l.expectation.typeName] : []))
  ];
  const messages = [
    ...new Set(located.flatMap((l) => "message" in l.expectation ? [l.expectation.message] : []))
  ];
  const expectation = [
    ...messages,
    ...typeNames.length > 0 ? [`expected ${typeNames.join(" | ")}`] : []
  ].join("; ");
  return located.every((l) => l.missing) ? `is required (${expectation})` : expectation;
};
var validationErrors = (errors) => {
  const byPath = /* @__PURE__ */ new Map();
  for (const error of pruneUnionNoise(errors, 0)) {
    const located = locate(error);
    byPath.set(located.path, [...byPath.get(located.path) ?? [], located]);
  }
  return [...byPath].map(([path, located]) => ({ path, message: describe(located) }));
};

// packages/core/src/wire/requests.ts
import * as t16 from "io-ts";
var LineQuantity = int32Between(1, 99);
var CreatePaymentIntentRequest = t16.record(t16.string, t16.unknown, "CreatePaymentIntentRequest");
var AddProductToBasketRequest = struct(
  { quantity: LineQuantity },
  {
    crossSoldFromProductId: ProviderIdentity,
    crossSoldFromLineItemId: ProviderIdentity,
    productGroupId: NonEmptyString,
    kioskId: NonEmptyString,
    timestreamId: NonEmptyString,
    productVariantId: NonEmptyString,
    currency: t16.string,
    subscriptionKey: t16.string,
    subscriptionUpgradeId: t16.string,
    subscriptionRenewId: t16.string
  },
  "AddProductToBasketRequest"
);
var RateSelection = struct(
  { rateId: ProviderIdentity, quantity: int32AtLeast(1) },
  {},
  "RateSelection"
);
var SeatSelection = struct(
  { rateId: ProviderIdentity, seatId: NonEmptyString },
  {},
  "SeatSelection"
);
var SelectSeatsRequest = refine(
  struct({}, { rates: t16.array(RateSelection), seats: t16.array(SeatSelection) }, "SelectSeatsRequest"),
  ({ rates, seats }) => rates === void 0 ? seats !== void 0 && seats.length > 0 : seats === void 0 && rates.length > 0,
  "SelectSeatsRequest",
  "exactly one of rates and seats is required, with at least one entry"
);
var TimeSlotRateQuantity = struct(
  { rateId: ProviderIdentity, quantity: int32AtLeast(0) },
  {},
  "TimeSlotRateQuantity"
);
var SelectTimeSlotRequest = refine(
  struct({ timeSlotId: ProviderIdentity, rates: t16.array(TimeSlotRateQuantity) }, {}, "SelectTimeSlotRequest"),
  ({ rates }) => rates.some((rate) => rate.quantity > 0),
  "SelectTimeSlotRequest",
  "rates must ask for at least one place"
);
var UpdateLineItemRequest = struct(
  { type: t16.literal("TimeSlot") },
  { quantity: Int32 },
  "UpdateLineItemRequest"
);
var UpdateLineItemQuantityRequest = struct(
  { quantity: LineQuantity },
  {},
  "UpdateLineItemQuantityRequest"
);
var SetDeliveryMethodRequest = struct(
  { deliveryMethod: DeliveryMethodSelection },
  {},
  "SetDeliveryMethodRequest"
);
var SetCustomerDetailsRequest = struct(
  {},
  { customerDetails: t16.array(CustomerDetailFieldValue) },
  "SetCustomerDetailsRequest"
);
var VoucherRequest = struct({ voucherCode: NonEmptyString }, {}, "VoucherRequest");
var UseSavedTokenRequest = struct(
  { paymentIntentId: NonEmptyString, tokenId: NonEmptyString },
  {},
  "UseSavedTokenRequest"
);
var MAX_PATH_ID_LENGTH = 128;
var PathId = refine(
  t16.string,
  (s) => s.length > 0 && s.length <= MAX_PATH_ID_LENGTH,
  "PathId",
  `expected an id of 1 to ${MAX_PATH_ID_LENGTH} characters`
);

// packages/core/src/basket/customer-details.ts
var StoredCustomerDetailValue = CustomerDetailFieldValue;
var canonical = (value) => JSON.stringify(
  value,
  (_key, v) => v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v
);
var mergeCustomerDetails = (stored, changes) => {
  const byType = new Map(stored.map((d) => [d.type, d]));
  for (const change of changes) {
    if (change.value === void 0) byType.delete(change.type);
    else byType.set(change.type, change);
  }
  return CustomerDetailFieldTypes.flatMap((type9) => {
    const d = byType.get(type9);
    return d ? [d] : [];
  });
};
var customerDetailsUnchanged = (stored, changes) => canonical(mergeCustomerDetails(stored, changes)) === canonical(stored);
var requiredFields = (required) => {
  const wanted = new Set(required.flat());
  return CustomerDetailFieldTypes.filter((type9) => wanted.has(type9));
};

// packages/core/src/basket/machine.ts
var lineEvents = [
  "ContactAssigned",
  "ProviderBasketOpened",
  "ProviderBasketClosed",
  "LineItemAdded",
  "LineItemQuantityChanged",
  "TicketsReplaced",
  "LineItemRemoved",
  "ProviderBasketExpired",
  "DeliveryMethodSelected",
  "CustomerDetailsSet",
  "VoucherAdded",
  "VoucherRemoved"
];
var stay = (status, events) => Object.fromEntries(events.map((e) => [e, status]));
var basketTransitions = {
  none: { BasketCreated: "open" },
  open: { ...stay("open", lineEvents), BasketLocked: "locked", BasketDeleted: "deleted" },
  locked: {
    ProviderBasketConfirmed: "locked",
    ProviderBasketExpired: "locked",
    VoucherRemoved: "locked",
    BasketUnlocked: "open",
    BasketCheckedOut: "checkedOut"
  },
  checkedOut: {},
  deleted: {}
};
var transitionOf = (status, event3) => basketTransitions[status][event3];

// packages/core/src/basket/evolve.ts
var changeProviderBasket = (providerBaskets, id, change) => {
  const index = providerBaskets.findIndex((pb) => pb.id === id);
  if (index < 0) return providerBaskets;
  const copy = providerBaskets.slice();
  copy[index] = change(providerBaskets[index]);
  return copy;
};
var changeLine = (pb, lineItemId, at, change) => {
  const index = pb.lines.findIndex((l) => l.id === lineItemId);
  if (index < 0) return pb;
  const changed = change(pb.lines[index]);
  if (changed === void 0) return pb;
  const lines = pb.lines.slice();
  lines[index] = changed;
  return { ...pb, lines, holdsRestartedAt: at };
};
var applied = (state2, event3) => {
  switch (event3.type) {
    case "BasketCreated":
    case "BasketDeleted":
    case "BasketCheckedOut":
      return state2;
    case "ContactAssigned":
      return { ...state2, contactId: event3.contactId };
    case "ProviderBasketOpened":
      return {
        ...state2,
        providerBaskets: [
          ...state2.providerBaskets,
          {
            id: event3.providerBasketId,
            terms: event3.terms,
            lines: [],
            selections: [],
            holdsRestartedAt: event3.at,
            confirmed: false
          }
        ]
      };
    case "ProviderBasketClosed":
    case "ProviderBasketExpired":
      return {
        ...state2,
        providerBaskets: state2.providerBaskets.filter((pb) => pb.id !== event3.providerBasketId)
      };
    case "LineItemAdded":
      return {
        ...state2,
        providerBaskets: changeProviderBasket(state2.providerBaskets, event3.providerBasketId, (pb) => ({
          ...pb,
          lines: [...pb.lines, event3.line],
          holdsRestartedAt: event3.at
        }))
      };
    case "LineItemQuantityChanged":
      return {
        ...state2,
        providerBaskets: changeProviderBasket(
          state2.providerBaskets,
          event3.providerBasketId,
          (pb) => changeLine(
            pb,
            event3.lineItemId,
            event3.at,
            (line) => line.type === "Ticketing" ? void 0 : { ...line, quantity: event3.quantity }
          )
        )
      };
    case "TicketsReplaced":
      return {
        ...state2,
        providerBaskets: changeProviderBasket(
          state2.providerBaskets,
          event3.providerBasketId,
          (pb) => changeLine(
            pb,
            event3.lineItemId,
            event3.at,
            (line) => line.type === "Ticketing" ? { ...line, tickets: event3.tickets } : void 0
          )
        )
      };
    case "LineItemRemoved":
      return {
        ...state2,
        providerBaskets: changeProviderBasket(state2.providerBaskets, event3.providerBasketId, (pb) => ({
          ...pb,
          lines: pb.lines.filter((l) => l.id !== event3.lineItemId),
          holdsRestartedAt: event3.at
        }))
      };
    case "DeliveryMethodSelected":
      return {
        ...state2,
        providerBaskets: changeProviderBasket(state2.providerBaskets, event3.providerBasketId, (pb) => ({
          ...pb,
          selections: [...pb.selections.filter((s) => s.id !== event3.selection.id), event3.selection]
        }))
      };
    case "CustomerDetailsSet":
      return { ...state2, customerDetails: mergeCustomerDetails(state2.customerDetails, event3.customerDetails) };
    case "VoucherAdded":
      return { ...state2, vouchers: [...state2.vouchers, event3.voucher] };
    case "VoucherRemoved":
      return { ...state2, vouchers: state2.vouchers.filter((v) => v.code !== event3.code) };
    case "BasketLocked":
      return { ...state2, activePaymentIntentId: event3.paymentIntentId };
    case "ProviderBasketConfirmed":
      return {
        ...state2,
        providerBaskets: changeProviderBasket(state2.providerBaskets, event3.providerBasketId, (pb) => ({
          ...pb,
          confirmed: true
        }))
      };
    case "BasketUnlocked": {
      const { activePaymentIntentId: _unlocked, ...rest } = state2;
      return {
        ...rest,
        providerBaskets: state2.providerBaskets.map((pb) => ({
          ...pb,
          confirmed: false,
          holdsRestartedAt: event3.at
        }))
      };
    }
  }
};
var evolveBasket = (state2, event3) => {
  const status = transitionOf(state2.status, event3.type);
  if (status === void 0 || status === "none") {
    throw new Error(`basket cannot take ${event3.type} in status ${state2.status}`);
  }
  if (event3.type === "BasketCreated") {
    return {
      status,
      id: event3.basketId,
      storeId: event3.storeId,
      currency: event3.currency,
      created: event3.at,
      updated: event3.at,
      providerBaskets: [],
      customerDetails: [],
      vouchers: []
    };
  }
  if (state2.status === "none") throw new Error(`basket event ${event3.type} before BasketCreated`);
  return { ...applied(state2, event3), status, updated: event3.at };
};

// packages/core/src/basket/line.ts
import * as t17 from "io-ts";
var LineBase = {
  id: ProviderIdentity,
  productId: ProviderIdentity,
  deliveryMethodIdOptions: t17.readonlyArray(t17.string)
};
var LineCrossSell = t17.partial({
  crossSoldFromProductId: ProviderIdentity,
  crossSoldFromLineItemId: ProviderIdentity
});
var TicketingLine = t17.intersection(
  [
    t17.type({
      ...LineBase,
      type: t17.literal("Ticketing"),
      tickets: t17.readonlyArray(Ticket)
    }),
    t17.partial({ sportsMatch: SportsMatch }),
    LineCrossSell
  ],
  "TicketingLine"
);
var ConsumableLine = t17.intersection(
  [
    t17.type({
      ...LineBase,
      type: t17.literal("Consumable"),
      quantity: t17.number,
      unitPrice: MoneyC,
      title: t17.string
    }),
    t17.partial({
      productGroupId: t17.string,
      kioskId: t17.string,
      timestreamId: t17.string,
      validUntil: Instant,
      description: t17.string,
      allergens: t17.string,
      image: t17.string,
      calories: t17.number
    }),
    LineCrossSell
  ],
  "ConsumableLine"
);
var TimeSlotLine = t17.intersection(
  [
    t17.type({
      ...LineBase,
      type: t17.literal("TimeSlot"),
      quantity: t17.number,
      unitPrice: MoneyC,
      tariffId: ProviderIdentity,
      tariffName: t17.string,
      rateId: ProviderIdentity,
      timeSlotId: ProviderIdentity,
      productName: t17.string
    }),
    LineCrossSell
  ],
  "TimeSlotLine"
);
var VariableProductLine = t17.intersection(
  [
    t17.type({
      ...LineBase,
      type: t17.literal("VariableProduct"),
      quantity: t17.number,
      unitPrice: MoneyC,
      variant: t17.type({ id: NonEmptyString, name: t17.string, sku: t17.string, imageUrl: t17.string })
    }),
    t17.partial({ productGroupId: t17.string, kioskId: t17.string, timestreamId: t17.string }),
    LineCrossSell
  ],
  "VariableProductLine"
);
var Line = t17.union([TicketingLine, ConsumableLine, TimeSlotLine, VariableProductLine], "Line");
var unitsOf = (line) => line.type === "Ticketing" ? line.tickets.length : line.quantity;
var variantIdOf = (line) => line.type === "VariableProduct" ? line.variant.id : void 0;

// packages/core/src/basket/state.ts
import * as t21 from "io-ts";

// packages/core/src/catalog/catalog.ts
import * as t20 from "io-ts";

// packages/core/src/catalog/product.ts
import * as t18 from "io-ts";
var NonNegativeInt32 = int32AtLeast(0);
var productFields = {
  id: ProviderIdentity,
  onSale: t18.boolean,
  maxPerBasket: int32AtLeast(1),
  deliveryMethodIdOptions: t18.array(NonEmptyString),
  crossSells: t18.array(ProviderIdentity)
};
var CatalogTicketRate = struct(
  { id: ProviderIdentity, tariff: NonEmptyString, prices: t18.record(t18.string, NonNegativeInt32) },
  {},
  "CatalogTicketRate"
);
var CatalogSeatRow = struct(
  { row: NonEmptyString, seats: t18.array(NonEmptyString) },
  {},
  "CatalogSeatRow"
);
var CatalogSection = struct(
  { id: ProviderIdentity, name: NonEmptyString, category: NonEmptyString, rows: t18.array(CatalogSeatRow) },
  {},
  "CatalogSection"
);
var CatalogTicketingProduct = struct(
  {
    type: t18.literal("Ticketing"),
    ...productFields,
    name: NonEmptyString,
    sportsMatch: SportsMatch,
    rates: t18.array(CatalogTicketRate),
    sections: t18.array(CatalogSection),
    soldSeats: t18.array(NonEmptyString)
  },
  {},
  "CatalogTicketingProduct"
);
var CatalogConsumableProduct = struct(
  {
    type: t18.literal("Consumable"),
    ...productFields,
    title: NonEmptyString,
    unitPrice: NonNegativeInt32,
    productGroupId: NonEmptyString,
    stock: NonNegativeInt32
  },
  {
    description: t18.string,
    allergens: t18.string,
    calories: NonNegativeInt32,
    image: t18.string,
    validUntil: Instant
  },
  "CatalogConsumableProduct"
);
var CatalogTimeSlotRate = struct(
  { id: ProviderIdentity, tariffId: ProviderIdentity, tariffName: NonEmptyString, price: NonNegativeInt32 },
  {},
  "CatalogTimeSlotRate"
);
var CatalogTimeSlot = struct(
  { id: ProviderIdentity, start: Instant, capacity: NonNegativeInt32 },
  {},
  "CatalogTimeSlot"
);
var CatalogTimeSlotProduct = struct(
  {
    type: t18.literal("TimeSlot"),
    ...productFields,
    productName: NonEmptyString,
    rates: t18.array(CatalogTimeSlotRate),
    timeSlots: t18.array(CatalogTimeSlot)
  },
  {},
  "CatalogTimeSlotProduct"
);
var CatalogVariant = struct(
  {
    id: NonEmptyString,
    name: NonEmptyString,
    sku: NonEmptyString,
    imageUrl: t18.string,
    price: NonNegativeInt32,
    stock: NonNegativeInt32
  },
  {},
  "CatalogVariant"
);
var CatalogVariableProduct = struct(
  {
    type: t18.literal("VariableProduct"),
    ...productFields,
    title: NonEmptyString,
    variants: t18.array(CatalogVariant)
  },
  {},
  "CatalogVariableProduct"
);
var CatalogProduct = t18.union(
  [CatalogTicketingProduct, CatalogConsumableProduct, CatalogTimeSlotProduct, CatalogVariableProduct],
  "CatalogProduct"
);

// packages/core/src/catalog/provider.ts
import * as t19 from "io-ts";
var PROVIDER_ID = /^[a-z0-9]{1,5}(:[a-z0-9]{1,12})?$/;
var CatalogProviderId = refine(
  t19.string,
  (id) => PROVIDER_ID.test(id),
  "CatalogProviderId",
  "expected a provider id '<1 to 5 lowercase letters or digits>' optionally followed by ':<1 to 12 more>'"
);
var CatalogKiosk = struct({ id: NonEmptyString, name: NonEmptyString }, {}, "CatalogKiosk");
var methodFields = { id: NonEmptyString };
var describedMethodFields = {
  ...methodFields,
  title: t19.string,
  description: t19.string,
  totalPrice: NonNegativeInt32
};
var CatalogDeliveryMethod = t19.union(
  [
    struct(
      {
        type: t19.literal("Address"),
        ...describedMethodFields,
        provider: DeliveryMethodProvider,
        entries: t19.array(AddressEntry)
      },
      {},
      "CatalogAddressDeliveryMethod"
    ),
    struct(
      { type: t19.literal("Digital"), ...describedMethodFields, alwaysIncluded: t19.boolean },
      {},
      "CatalogDigitalDeliveryMethod"
    ),
    struct(
      { type: t19.literal("KioskCollection"), ...methodFields },
      {},
      "CatalogKioskCollectionDeliveryMethod"
    ),
    struct({ type: t19.literal("InSeat"), ...methodFields }, {}, "CatalogInSeatDeliveryMethod")
  ],
  "CatalogDeliveryMethod"
);
var discountFields = { id: NonEmptyString, title: t19.string, code: t19.string, description: t19.string };
var CatalogDiscount = t19.union(
  [
    struct(
      {
        kind: t19.literal("line-min-quantity"),
        ...discountFields,
        minQuantity: int32AtLeast(1),
        amountOffPerUnit: NonNegativeInt32
      },
      {},
      "CatalogLineMinQuantityDiscount"
    ),
    struct(
      {
        kind: t19.literal("basket-min-total"),
        ...discountFields,
        minTotal: NonNegativeInt32,
        amountOff: NonNegativeInt32
      },
      {},
      "CatalogBasketMinTotalDiscount"
    )
  ],
  "CatalogDiscount"
);
var CatalogConfirmation = t19.keyof({ accept: null, refuse: null }, "CatalogConfirmation");
var CatalogProvider = struct(
  {
    id: CatalogProviderId,
    name: NonEmptyString,
    holdMinutes: int32AtLeast(1),
    requiredCustomerDetails: t19.array(CustomerDetailFieldType),
    kiosks: t19.array(CatalogKiosk),
    deliveryMethods: t19.array(CatalogDeliveryMethod),
    discounts: t19.array(CatalogDiscount),
    confirm: CatalogConfirmation,
    products: t19.array(CatalogProduct)
  },
  {},
  "CatalogProvider"
);

// packages/core/src/catalog/catalog.ts
var CatalogStore = struct({ id: NonEmptyString, name: NonEmptyString }, {}, "CatalogStore");
var CatalogPaymentProvider = struct(
  { id: CatalogProviderId, name: NonEmptyString },
  {},
  "CatalogPaymentProvider"
);
var CatalogVoucher = struct(
  {
    code: NonEmptyString,
    name: NonEmptyString,
    productId: ProviderIdentity,
    variantId: NonEmptyString,
    voucherPrice: NonNegativeInt32
  },
  { validUntil: Instant },
  "CatalogVoucher"
);
var CatalogPaymentOutcome = t20.keyof({ succeed: null, decline: null }, "CatalogPaymentOutcome");
var CatalogSavedPaymentToken = struct(
  { id: NonEmptyString, outcome: CatalogPaymentOutcome },
  {},
  "CatalogSavedPaymentToken"
);
var CatalogContact = struct(
  { id: NonEmptyString, savedPaymentTokens: t20.array(CatalogSavedPaymentToken) },
  {},
  "CatalogContact"
);
var CatalogC = struct(
  {
    currency: CurrencyC,
    stores: t20.array(CatalogStore),
    paymentProvider: CatalogPaymentProvider,
    providers: t20.array(CatalogProvider),
    vouchers: t20.array(CatalogVoucher),
    contacts: t20.array(CatalogContact)
  },
  {},
  "Catalog"
);

// packages/core/src/catalog/lookup.ts
var catalogIndex = (catalog2) => ({
  catalog: catalog2,
  products: new Map(
    catalog2.providers.flatMap(
      (provider) => provider.products.map((product) => [product.id, { product, provider }])
    )
  ),
  providers: new Map(catalog2.providers.map((provider) => [provider.id, provider])),
  vouchers: new Map(catalog2.vouchers.map((voucher) => [voucher.code, voucher])),
  stores: new Map(catalog2.stores.map((store) => [store.id, store])),
  contacts: new Map(catalog2.contacts.map((contact) => [contact.id, contact]))
});

// packages/core/src/catalog/parse.ts
import * as E2 from "fp-ts/Either";
import { pipe } from "fp-ts/function";

// packages/core/src/catalog/references.ts
var locate2 = (items, at, field, idOf) => items.map((item, k) => [`${at}.${k}.${field}`, idOf(item)]);
var duplicates = (ids, what) => {
  const seen = /* @__PURE__ */ new Set();
  return ids.flatMap(([path, id]) => {
    if (!seen.has(id)) {
      seen.add(id);
      return [];
    }
    return [{ path, message: `duplicate ${what} '${id}'` }];
  });
};
var unknown3 = (ids, known, what) => ids.flatMap(([path, id]) => known.has(id) ? [] : [{ path, message: `unknown ${what} '${id}'` }]);
var identities = (product, at) => {
  const own = [`${at}.id`, product.id];
  switch (product.type) {
    case "Ticketing":
      return [
        own,
        ...locate2(product.rates, `${at}.rates`, "id", (rate) => rate.id),
        ...locate2(product.sections, `${at}.sections`, "id", (section2) => section2.id)
      ];
    case "TimeSlot":
      return [
        own,
        ...locate2(product.rates, `${at}.rates`, "id", (rate) => rate.id),
        ...locate2(product.rates, `${at}.rates`, "tariffId", (rate) => rate.tariffId),
        ...locate2(product.timeSlots, `${at}.timeSlots`, "id", (slot) => slot.id)
      ];
    case "Consumable":
    case "VariableProduct":
      return [own];
  }
};
var partErrors = (product, at) => {
  switch (product.type) {
    case "Ticketing": {
      const seats = product.sections.flatMap(
        (section2, s) => section2.rows.flatMap(
          (row, r) => row.seats.map((seat, k) => [`${at}.sections.${s}.rows.${r}.seats.${k}`, seat])
        )
      );
      const categories = [...new Set(product.sections.map((section2) => section2.category))];
      return [
        ...duplicates(
          locate2(product.rates, `${at}.rates`, "id", (rate) => rate.id),
          "rate id"
        ),
        ...duplicates(
          locate2(product.sections, `${at}.sections`, "id", (section2) => section2.id),
          "section id"
        ),
        ...duplicates(seats, "seat id"),
        ...product.rates.flatMap(
          (rate, k) => categories.filter((category) => rate.prices[category] === void 0).map((category) => ({
            path: `${at}.rates.${k}.prices`,
            message: `no price for seat category '${category}'`
          }))
        ),
        ...unknown3(
          product.soldSeats.map((seat, k) => [`${at}.soldSeats.${k}`, seat]),
          new Set(seats.map(([, seat]) => seat)),
          "seat"
        )
      ];
    }
    case "TimeSlot":
      return [
        ...duplicates(
          locate2(product.rates, `${at}.rates`, "id", (rate) => rate.id),
          "rate id"
        ),
        ...duplicates(
          locate2(product.timeSlots, `${at}.timeSlots`, "id", (slot) => slot.id),
          "time slot id"
        )
      ];
    case "VariableProduct":
      return duplicates(
        locate2(product.variants, `${at}.variants`, "id", (variant) => variant.id),
        "variant id"
      );
    case "Consumable":
      return [];
  }
};
var providerErrors = (provider, at, productIds) => {
  const methods = locate2(provider.deliveryMethods, `${at}.deliveryMethods`, "id", (method) => method.id);
  const methodIds = new Set(methods.map(([, id]) => id));
  return [
    ...duplicates(
      locate2(provider.kiosks, `${at}.kiosks`, "id", (kiosk) => kiosk.id),
      "kiosk id"
    ),
    ...duplicates(methods, "delivery method id"),
    ...duplicates(
      locate2(provider.discounts, `${at}.discounts`, "id", (discount) => discount.id),
      "discount id"
    ),
    ...provider.products.flatMap((product, j) => {
      const productAt = `${at}.products.${j}`;
      return [
        ...identities(product, productAt).flatMap(
          ([path, id]) => providerOf(id) === provider.id ? [] : [{ path, message: `expected an id of provider '${provider.id}'` }]
        ),
        ...unknown3(
          product.deliveryMethodIdOptions.map(
            (id, k) => [`${productAt}.deliveryMethodIdOptions.${k}`, id]
          ),
          methodIds,
          "delivery method"
        ),
        ...unknown3(
          product.crossSells.map((id, k) => [`${productAt}.crossSells.${k}`, id]),
          productIds,
          "product"
        ),
        ...partErrors(product, productAt)
      ];
    })
  ];
};
var voucherErrors = (catalog2, productById) => catalog2.vouchers.flatMap((voucher, k) => {
  const product = productById.get(voucher.productId);
  if (product === void 0) {
    return [{ path: `vouchers.${k}.productId`, message: `unknown product '${voucher.productId}'` }];
  }
  const variantExists = product.type !== "VariableProduct" || product.variants.some((variant) => variant.id === voucher.variantId);
  return variantExists ? [] : [
    {
      path: `vouchers.${k}.variantId`,
      message: `unknown variant '${voucher.variantId}' of that product`
    }
  ];
});
var catalogReferenceErrors = (catalog2) => {
  const products = catalog2.providers.flatMap(
    (provider, i) => locate2(provider.products, `providers.${i}.products`, "id", (product) => product.id)
  );
  const productById = new Map(
    catalog2.providers.flatMap(
      (provider) => provider.products.map((product) => [product.id, product])
    )
  );
  return [
    ...duplicates(
      locate2(catalog2.stores, "stores", "id", (store) => store.id),
      "store id"
    ),
    ...duplicates(
      locate2(catalog2.providers, "providers", "id", (provider) => provider.id),
      "provider id"
    ),
    ...duplicates(products, "product id"),
    ...catalog2.providers.flatMap(
      (provider, i) => providerErrors(provider, `providers.${i}`, new Set(productById.keys()))
    ),
    ...duplicates(
      locate2(catalog2.vouchers, "vouchers", "code", (voucher) => voucher.code),
      "voucher code"
    ),
    ...voucherErrors(catalog2, productById),
    ...duplicates(
      locate2(catalog2.contacts, "contacts", "id", (contact) => contact.id),
      "contact id"
    ),
    ...catalog2.contacts.flatMap(
      (contact, i) => duplicates(
        locate2(contact.savedPaymentTokens, `contacts.${i}.savedPaymentTokens`, "id", (token) => token.id),
        "token id"
      )
    )
  ];
};

// packages/core/src/catalog/parse.ts
var catalogError = (errors) => ({ _tag: "CatalogError", errors });
var parseCatalog = (json) => pipe(
  CatalogC.decode(json),
  E2.mapLeft((errors) => catalogError(validationErrors(errors))),
  E2.flatMap((catalog2) => {
    const errors = catalogReferenceErrors(catalog2);
    return errors.length === 0 ? E2.right(catalog2) : E2.left(catalogError(errors));
  })
);

// packages/core/src/basket/state.ts
var ProviderTerms = t21.type(
  {
    providerId: t21.string,
    holdMinutes: t21.number,
    requiredCustomerDetails: t21.readonlyArray(CustomerDetailFieldType),
    kioskIds: t21.readonlyArray(t21.string),
    deliveryMethods: t21.readonlyArray(DeliveryMethod),
    discounts: t21.readonlyArray(CatalogDiscount)
  },
  "ProviderTerms"
);
var ProviderBasketState = t21.type(
  {
    id: ProviderIdentity,
    terms: ProviderTerms,
    lines: t21.readonlyArray(Line),
    selections: t21.readonlyArray(DeliveryMethodSelection),
    /** Time of the latest change to its lines: `expires` counts from here (C-7.8). */
    holdsRestartedAt: Instant,
    /** A payment intent's provider confirmed this basket: its holds do not expire (C-8.2). */
    confirmed: t21.boolean
  },
  "ProviderBasketState"
);
var BasketVoucher = t21.type(
  {
    code: t21.string,
    name: t21.string,
    productId: ProviderIdentity,
    variantId: t21.string,
    voucherPrice: t21.number
  },
  "BasketVoucher"
);
var BasketStatus = t21.keyof(
  { open: null, locked: null, checkedOut: null, deleted: null },
  "BasketStatus"
);
var ExistingBasket = t21.intersection(
  [
    t21.type({
      status: BasketStatus,
      id: t21.string,
      storeId: t21.string,
      currency: CurrencyC,
      created: Instant,
      updated: Instant,
      providerBaskets: t21.readonlyArray(ProviderBasketState),
      customerDetails: t21.readonlyArray(StoredCustomerDetailValue),
      vouchers: t21.readonlyArray(BasketVoucher)
    }),
    t21.partial({ contactId: t21.string, activePaymentIntentId: t21.string })
  ],
  "ExistingBasket"
);
var BasketState = t21.union([t21.type({ status: t21.literal("none") }), ExistingBasket], "BasketState");
var initialBasketState = { status: "none" };
var exists = (state2) => state2.status !== "none";
var allLines = (state2) => state2.providerBaskets.flatMap((pb) => pb.lines);
var findLine = (state2, lineItemId) => {
  for (const providerBasket of state2.providerBaskets) {
    const line = providerBasket.lines.find((l) => l.id === lineItemId);
    if (line) return { providerBasket, line };
  }
  return void 0;
};

// packages/core/src/basket/decide-expiry.ts
var providerBasketExpires = (pb) => pb.confirmed ? void 0 : addMinutes(pb.holdsRestartedAt, pb.terms.holdMinutes);
var holdsCanExpire = (state2) => state2.status === "open" || state2.status === "locked";
var expiredProviderBaskets = (state2, at) => {
  if (!holdsCanExpire(state2)) return [];
  return state2.providerBaskets.filter((pb) => {
    const expires = providerBasketExpires(pb);
    return expires !== void 0 && isAtOrAfter(at, expires);
  });
};
var orphanedVoucherEvents = (state2, at) => {
  if (!holdsCanExpire(state2)) return [];
  const lines = allLines(state2);
  return state2.vouchers.filter((v) => !lines.some((l) => l.productId === v.productId && variantIdOf(l) === v.variantId)).map((v) => ({ type: "VoucherRemoved", at, code: v.code, reason: "no-matching-line" }));
};
var expiryEvents = (state2, at) => {
  const expired = expiredProviderBaskets(state2, at).map((pb) => ({
    type: "ProviderBasketExpired",
    at,
    providerBasketId: pb.id
  }));
  if (expired.length === 0) return [];
  return [...expired, ...orphanedVoucherEvents(fold(evolveBasket, state2, expired), at)];
};
var afterExpiry = (state2, at) => fold(evolveBasket, state2, expiryEvents(state2, at));

// packages/core/src/inventory/resources.ts
var seatResource = (productId, seatId) => `seat:${productId}:${seatId}`;
var slotResource = (productId, timeSlotId) => `slot:${productId}:${timeSlotId}`;
var stockResource = (productId, variantId) => variantId === void 0 ? `stock:${productId}` : `stock:${productId}:${variantId}`;
var availableOf = (availability, resource) => availability.get(resource) ?? 0;

// packages/core/src/inventory/holds.ts
var lineResources = (line) => {
  switch (line.type) {
    case "Ticketing":
      return line.tickets.map((t27) => ({
        resource: seatResource(line.productId, t27.providerSeatId),
        quantity: 1
      }));
    case "TimeSlot":
      return [{ resource: slotResource(line.productId, line.timeSlotId), quantity: line.quantity }];
    case "Consumable":
      return [{ resource: stockResource(line.productId), quantity: line.quantity }];
    case "VariableProduct":
      return [{ resource: stockResource(line.productId, line.variant.id), quantity: line.quantity }];
  }
};
var unitsHeld = (lines, resource) => lines.flatMap(lineResources).reduce((n, r) => r.resource === resource ? n + r.quantity : n, 0);

// packages/core/src/inventory/resources-to-check.ts
var resourcesToCheck = (command3, state2, catalog2) => {
  switch (command3.type) {
    case "AddProduct": {
      const product = catalog2.products.get(command3.productId)?.product;
      if (product?.type === "Consumable") return [stockResource(product.id)];
      if (product?.type === "VariableProduct" && command3.productVariantId !== void 0) {
        return [stockResource(product.id, command3.productVariantId)];
      }
      return [];
    }
    case "SelectSeats": {
      if (command3.seats) return command3.seats.map((s) => seatResource(command3.productId, s.seatId));
      const product = catalog2.products.get(command3.productId)?.product;
      if (product?.type !== "Ticketing") return [];
      return product.sections.flatMap(
        (section2) => section2.rows.flatMap((row) => row.seats.map((seat) => seatResource(product.id, seat)))
      );
    }
    case "SelectTimeSlot":
      return [slotResource(command3.productId, command3.timeSlotId)];
    case "UpdateTimeSlotLine":
    case "UpdateLineItemQuantity": {
      const line = exists(state2) ? findLine(state2, command3.lineItemId)?.line : void 0;
      return line ? [...new Set(lineResources(line).map((r) => r.resource))] : [];
    }
    default:
      return [];
  }
};
var RESOURCE = /^(seat|slot|stock):([a-z0-9]{1,5}(?::[a-z0-9]{1,12})?\|[a-z0-9]{24})(?::(.+))?$/;
var capacityOf = (resource, catalog2) => {
  const match = RESOURCE.exec(resource);
  if (!match) return 0;
  const [, kind, productId = "", part] = match;
  const product = catalog2.products.get(productId)?.product;
  if (!product) return 0;
  if (kind === "seat" && product.type === "Ticketing" && part !== void 0) {
    const inMap = product.sections.some((s) => s.rows.some((r) => r.seats.includes(part)));
    return inMap && !product.soldSeats.includes(part) ? 1 : 0;
  }
  if (kind === "slot" && product.type === "TimeSlot") {
    return product.timeSlots.find((s) => s.id === part)?.capacity ?? 0;
  }
  if (kind === "stock" && product.type === "Consumable" && part === void 0) return product.stock;
  if (kind === "stock" && product.type === "VariableProduct") {
    return product.variants.find((v) => v.id === part)?.stock ?? 0;
  }
  return 0;
};

// packages/core/src/basket/commands.ts
import * as t22 from "io-ts";
var command = (type9, props) => t22.type({ type: t22.literal(type9), basketId: t22.string, at: Instant, ...props }, type9);
var commandWith = (type9, props, optional2) => t22.intersection([command(type9, props), t22.partial(optional2)], type9);
var FreshIds = t22.readonlyArray(t22.string);
var RateQuantity = t22.type({ rateId: ProviderIdentity, quantity: t22.number });
var RateSeat = t22.type({ rateId: ProviderIdentity, seatId: NonEmptyString });
var CreateBasket = command("CreateBasket", { storeId: t22.string, currency: CurrencyC });
var DeleteBasket = command("DeleteBasket", {});
var AssignContact = command("AssignContact", { contactId: t22.string });
var AddProduct = commandWith(
  "AddProduct",
  { productId: ProviderIdentity, quantity: t22.number, freshIds: FreshIds },
  {
    crossSoldFromProductId: ProviderIdentity,
    crossSoldFromLineItemId: ProviderIdentity,
    productGroupId: t22.string,
    kioskId: t22.string,
    timestreamId: t22.string,
    productVariantId: t22.string,
    currency: t22.string
  }
);
var SelectSeats = commandWith(
  "SelectSeats",
  { productId: ProviderIdentity, freshIds: FreshIds },
  { rates: t22.readonlyArray(RateQuantity), seats: t22.readonlyArray(RateSeat) }
);
var SelectTimeSlot = command("SelectTimeSlot", {
  productId: ProviderIdentity,
  timeSlotId: ProviderIdentity,
  rates: t22.readonlyArray(RateQuantity),
  freshIds: FreshIds
});
var DeleteLineItem = command("DeleteLineItem", {
  providerBasketId: ProviderIdentity,
  lineItemId: ProviderIdentity
});
var UpdateTimeSlotLine = commandWith(
  "UpdateTimeSlotLine",
  { providerBasketId: ProviderIdentity, lineItemId: ProviderIdentity },
  { quantity: t22.number }
);
var UpdateLineItemQuantity = command("UpdateLineItemQuantity", {
  providerBasketId: ProviderIdentity,
  lineItemId: ProviderIdentity,
  quantity: t22.number
});
var SetDeliveryMethod = command("SetDeliveryMethod", {
  providerBasketId: ProviderIdentity,
  selection: DeliveryMethodSelection
});
var SetCustomerDetails = command("SetCustomerDetails", {
  customerDetails: t22.readonlyArray(CustomerDetailFieldValue)
});
var AddVoucher = command("AddVoucher", { voucherCode: t22.string });
var RemoveVoucher = command("RemoveVoucher", { voucherCode: t22.string });
var ExpireHolds = command("ExpireHolds", {});
var LockForPayment = command("LockForPayment", { paymentIntentId: t22.string });
var ConfirmProviderBasket = command("ConfirmProviderBasket", {
  paymentIntentId: t22.string,
  providerBasketId: ProviderIdentity
});
var UnlockAfterPayment = command("UnlockAfterPayment", {
  paymentIntentId: t22.string,
  reason: t22.keyof({ cancelled: null, "provider-refused": null })
});
var CheckOut = command("CheckOut", { paymentIntentId: t22.string });
var BasketCommand = t22.union(
  [
    CreateBasket,
    DeleteBasket,
    AssignContact,
    AddProduct,
    SelectSeats,
    SelectTimeSlot,
    DeleteLineItem,
    UpdateTimeSlotLine,
    UpdateLineItemQuantity,
    SetDeliveryMethod,
    SetCustomerDetails,
    AddVoucher,
    RemoveVoucher,
    ExpireHolds,
    LockForPayment,
    ConfirmProviderBasket,
    UnlockAfterPayment,
    CheckOut
  ],
  "BasketCommand"
);
var customerCommandTypes = [
  "DeleteBasket",
  "AssignContact",
  "AddProduct",
  "SelectSeats",
  "SelectTimeSlot",
  "DeleteLineItem",
  "UpdateTimeSlotLine",
  "UpdateLineItemQuantity",
  "SetDeliveryMethod",
  "SetCustomerDetails",
  "AddVoucher",
  "RemoveVoucher"
];

// packages/core/src/basket/decide.ts
import * as E9 from "fp-ts/Either";
import { pipe as pipe5 } from "fp-ts/function";

// packages/core/src/basket/decide-support.ts
import * as E3 from "fp-ts/Either";
var refuse = (code, detail) => E3.left(problem(code, detail));
var accept = (events) => E3.right(events);
var unchanged = E3.right([]);
var MAX_LINES = 100;
var MAX_PROVIDER_BASKETS = 10;
var freshIdSupply = (suffixes) => {
  let next = 0;
  return {
    take: (provider) => {
      const suffix = suffixes[next];
      next += 1;
      const id = `${provider}|${suffix ?? ""}`;
      if (suffix === void 0 || !isProviderIdentity(id)) {
        throw new Error(`command needs fresh id #${next} for ${provider}, got ${String(suffix)}`);
      }
      return id;
    }
  };
};
var productEntry = (facts, productId) => facts.catalog.products.get(productId);
var productOnSale = (facts, productId) => {
  const entry = productEntry(facts, productId);
  if (!entry) return E3.left(problem("product-not-found", `no product ${productId}`));
  if (!entry.product.onSale)
    return E3.left(problem("product-unavailable", `product ${productId} is not on sale`));
  return E3.right(entry);
};
var deliveryMethodOf = (method, currency) => {
  switch (method.type) {
    case "Address":
      return {
        type: "Address",
        id: method.id,
        title: method.title,
        description: method.description,
        provider: method.provider,
        entries: method.entries,
        totalPrice: fromMinorUnits(currency, method.totalPrice)
      };
    case "Digital":
      return {
        type: "Digital",
        id: method.id,
        title: method.title,
        description: method.description,
        totalPrice: fromMinorUnits(currency, method.totalPrice),
        alwaysIncluded: method.alwaysIncluded
      };
    case "KioskCollection":
    case "InSeat":
      return { type: method.type, id: method.id };
  }
};
var termsOf = (provider, currency) => ({
  providerId: provider.id,
  holdMinutes: provider.holdMinutes,
  requiredCustomerDetails: provider.requiredCustomerDetails,
  kioskIds: provider.kiosks.map((k) => k.id),
  deliveryMethods: provider.deliveryMethods.map((m) => deliveryMethodOf(m, currency)),
  discounts: provider.discounts
});
var providerBasketOf = (state2, provider) => state2.providerBaskets.find((pb) => providerOf(pb.id) === provider);
var providerBasketFor = (state2, provider, ids, at) => {
  const existing2 = providerBasketOf(state2, provider.id);
  if (existing2) return E3.right({ providerBasketId: existing2.id, opening: [] });
  if (state2.providerBaskets.length >= MAX_PROVIDER_BASKETS) {
    return E3.left(problem("basket-limit", `a basket holds at most ${MAX_PROVIDER_BASKETS} provider baskets`));
  }
  const providerBasketId = ids.take(provider.id);
  return E3.right({
    providerBasketId,
    opening: [
      { type: "ProviderBasketOpened", at, providerBasketId, terms: termsOf(provider, state2.currency) }
    ]
  });
};
var lineLimitRefusal = (state2, added) => allLines(state2).length + added > MAX_LINES ? problem("basket-limit", `a basket holds at most ${MAX_LINES} line items`) : void 0;
var unitsOfProduct = (state2, productId, except = []) => allLines(state2).filter((l) => l.productId === productId && !except.includes(l.id)).reduce((total, l) => total + unitsOf(l), 0);
var quantityLimitRefusal = (units, maxPerBasket, productId) => units > maxPerBasket ? problem(
  "quantity-limit",
  `at most ${maxPerBasket} units of ${productId} per basket, asked for ${units}`
) : void 0;
var capacityRefusal = (needed, available, resource) => needed > available ? problem("insufficient-capacity", `${resource}: ${needed} needed, ${Math.max(available, 0)} available`) : void 0;
var firstRefusal = (...checks) => {
  for (const check2 of checks) {
    const refusal = check2();
    if (refusal) return refusal;
  }
  return void 0;
};

// packages/core/src/basket/decide-delivery.ts
var invalid = (detail) => problem("delivery-method-invalid", detail);
var methodRefusal = (pb, selection) => {
  const method = pb.terms.deliveryMethods.find((m) => m.id === selection.id);
  if (!method) return invalid(`provider basket ${pb.id} has no delivery method ${selection.id}`);
  if (method.type !== selection.type)
    return invalid(`delivery method ${method.id} is ${method.type}, not ${selection.type}`);
  if (method.type !== "Address" || selection.type !== "Address") return void 0;
  if (selection.addressEntryId === void 0 === (selection.address === void 0)) {
    return problem("validation-failed", "exactly one of addressEntryId and address is required");
  }
  const entryId = selection.addressEntryId;
  return entryId === void 0 || method.entries.some((e) => e.id === entryId) ? void 0 : invalid(`delivery method ${method.id} has no address entry ${entryId}`);
};
var collectionRefusal = (state2, pb, selection, at) => {
  if (selection.type !== "KioskCollection" && selection.type !== "InSeat") return void 0;
  if (!pb.terms.kioskIds.includes(selection.kioskId)) {
    return problem("kiosk-not-found", `provider ${pb.terms.providerId} has no kiosk ${selection.kioskId}`);
  }
  if (!isBefore(at, selection.collectionTime)) {
    return problem(
      "collection-time-invalid",
      `collection time ${selection.collectionTime} is not in the future`
    );
  }
  if (selection.type !== "InSeat") return void 0;
  const seats = allLines(state2).flatMap(
    (l) => l.type === "Ticketing" ? l.tickets.map((t27) => t27.providerSeatId) : []
  );
  return seats.includes(selection.seatId) ? void 0 : problem("seat-not-in-basket", `seat ${selection.seatId} is not a seat of this basket`);
};
var canonical2 = (value) => JSON.stringify(
  value,
  (_key, v) => v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v
);
var decideSetDeliveryMethod = (command3, state2) => {
  const pb = state2.providerBaskets.find((p) => p.id === command3.providerBasketId);
  if (!pb) return refuse("provider-basket-not-found", `no provider basket ${command3.providerBasketId}`);
  const { selection } = command3;
  const refusal = methodRefusal(pb, selection) ?? collectionRefusal(state2, pb, selection, command3.at);
  if (refusal) return refuse(refusal.code, refusal.detail);
  const current2 = pb.selections.find((s) => s.id === selection.id);
  if (current2 && canonical2(current2) === canonical2(selection)) return unchanged;
  return accept([{ type: "DeliveryMethodSelected", at: command3.at, providerBasketId: pb.id, selection }]);
};

// packages/core/src/basket/decide-details-and-vouchers.ts
var decideSetCustomerDetails = (command3, state2) => customerDetailsUnchanged(state2.customerDetails, command3.customerDetails) ? unchanged : accept([{ type: "CustomerDetailsSet", at: command3.at, customerDetails: command3.customerDetails }]);
var decideAddVoucher = (command3, state2, facts) => {
  if (state2.vouchers.some((v) => v.code === command3.voucherCode)) return unchanged;
  const voucher = facts.catalog.vouchers.get(command3.voucherCode);
  if (!voucher) return refuse("voucher-invalid", `no voucher ${command3.voucherCode}`);
  if (voucher.validUntil !== void 0 && isAtOrAfter(command3.at, voucher.validUntil)) {
    return refuse("voucher-invalid", `voucher ${voucher.code} ran out at ${voucher.validUntil}`);
  }
  const matches = allLines(state2).some(
    (l) => l.productId === voucher.productId && variantIdOf(l) === voucher.variantId
  );
  if (!matches) {
    return refuse(
      "voucher-not-applicable",
      `no line of ${voucher.productId} (${voucher.variantId}) in the basket`
    );
  }
  return accept([
    {
      type: "VoucherAdded",
      at: command3.at,
      voucher: {
        code: voucher.code,
        name: voucher.name,
        productId: voucher.productId,
        variantId: voucher.variantId,
        voucherPrice: voucher.voucherPrice
      }
    }
  ]);
};
var decideRemoveVoucher = (command3, state2) => state2.vouchers.some((v) => v.code === command3.voucherCode) ? accept([{ type: "VoucherRemoved", at: command3.at, code: command3.voucherCode, reason: "requested" }]) : unchanged;

// packages/core/src/basket/decide-lifecycle.ts
import * as E4 from "fp-ts/Either";

// packages/core/src/basket/guards.ts
var customerCommands = new Set(customerCommandTypes);
var isCustomerCommand = (command3) => customerCommands.has(command3.type);
var pathRefusal = (command3, state2) => {
  switch (command3.type) {
    case "DeleteLineItem":
    case "UpdateTimeSlotLine":
    case "UpdateLineItemQuantity":
    case "SetDeliveryMethod": {
      const pb = state2.providerBaskets.find((p) => p.id === command3.providerBasketId);
      if (!pb) return problem("provider-basket-not-found", `no provider basket ${command3.providerBasketId}`);
      if (command3.type === "SetDeliveryMethod") return void 0;
      return pb.lines.some((l) => l.id === command3.lineItemId) ? void 0 : problem("line-item-not-found", `no line item ${command3.lineItemId} in ${pb.id}`);
    }
    default:
      return void 0;
  }
};
var statusRefusal = (command3, state2) => {
  const byCustomer = isCustomerCommand(command3) || command3.type === "LockForPayment";
  if (!byCustomer) return void 0;
  if (state2.status === "checkedOut") return problem("basket-checked-out", "the basket has been paid for");
  if (state2.status !== "locked") return void 0;
  if (command3.type === "LockForPayment" && command3.paymentIntentId === state2.activePaymentIntentId)
    return void 0;
  return problem("basket-locked", `payment intent ${state2.activePaymentIntentId ?? ""} is active`);
};
var refusalOn = (command3, state2) => {
  if (command3.type === "CreateBasket") {
    return exists(state2) ? problem("validation-failed", `basket ${state2.id} already exists`) : void 0;
  }
  if (!exists(state2) || state2.status === "deleted")
    return problem("basket-not-found", `no basket ${command3.basketId}`);
  const refusal = pathRefusal(command3, state2) ?? statusRefusal(command3, state2);
  if (refusal) return refusal;
  if (command3.type === "AssignContact" && state2.contactId !== void 0 && state2.contactId !== command3.contactId) {
    return problem("contact-conflict", "the basket is assigned to another contact");
  }
  return void 0;
};
var coveringMethodIds = (pb) => /* @__PURE__ */ new Set([
  ...pb.selections.map((s) => s.id),
  ...pb.terms.deliveryMethods.filter((m) => m.type === "Digital" && m.alwaysIncluded).map((m) => m.id)
]);
var uncoveredLine = (state2) => {
  for (const pb of state2.providerBaskets) {
    const covering = coveringMethodIds(pb);
    const line = pb.lines.find(
      (l) => l.deliveryMethodIdOptions.length > 0 && !l.deliveryMethodIdOptions.some((id) => covering.has(id))
    );
    if (line) return line;
  }
  return void 0;
};
var missingCustomerDetails = (state2) => {
  const required = requiredFields(state2.providerBaskets.map((pb) => pb.terms.requiredCustomerDetails));
  return required.filter((type9) => !state2.customerDetails.some((d) => d.type === type9));
};
var paymentPreconditions = (state2, at) => {
  const current2 = afterExpiry(state2, at);
  if (!exists(current2) || current2.status === "deleted") return problem("basket-not-found", "no such basket");
  if (current2.providerBaskets.every((pb) => pb.lines.length === 0)) {
    return problem("basket-empty", "the basket has no line items");
  }
  const uncovered = uncoveredLine(current2);
  if (uncovered) {
    return problem(
      "delivery-not-covered",
      `line item ${uncovered.id} needs one of the delivery methods ${uncovered.deliveryMethodIdOptions.join(", ")}`
    );
  }
  const missing = missingCustomerDetails(current2);
  if (missing.length > 0)
    return problem("customer-details-missing", `missing customer details: ${missing.join(", ")}`);
  return void 0;
};

// packages/core/src/basket/decide-lifecycle.ts
var decideCreateBasket = (command3, state2) => exists(state2) ? refuse("validation-failed", `basket ${state2.id} already exists`) : accept([
  {
    type: "BasketCreated",
    at: command3.at,
    basketId: command3.basketId,
    storeId: command3.storeId,
    currency: command3.currency
  }
]);
var decideDeleteBasket = (command3) => accept([{ type: "BasketDeleted", at: command3.at }]);
var decideAssignContact = (command3, state2) => state2.contactId === command3.contactId ? unchanged : accept([{ type: "ContactAssigned", at: command3.at, contactId: command3.contactId }]);
var lockedBy = (state2, paymentIntentId) => state2.status === "locked" && state2.activePaymentIntentId === paymentIntentId;
var wrongIntent = (state2, paymentIntentId) => refuse(
  "payment-intent-state",
  `basket is ${state2.status}, not locked by payment intent ${paymentIntentId}`
);
var decideLockForPayment = (command3, state2) => {
  if (lockedBy(state2, command3.paymentIntentId)) return unchanged;
  const refusal = paymentPreconditions(state2, command3.at);
  return refusal ? E4.left(refusal) : accept([{ type: "BasketLocked", at: command3.at, paymentIntentId: command3.paymentIntentId }]);
};
var decideConfirmProviderBasket = (command3, state2) => {
  if (!lockedBy(state2, command3.paymentIntentId)) return wrongIntent(state2, command3.paymentIntentId);
  const pb = state2.providerBaskets.find((p) => p.id === command3.providerBasketId);
  if (!pb) return refuse("provider-basket-not-found", `no provider basket ${command3.providerBasketId}`);
  if (pb.confirmed) return unchanged;
  return accept([
    {
      type: "ProviderBasketConfirmed",
      at: command3.at,
      paymentIntentId: command3.paymentIntentId,
      providerBasketId: pb.id
    }
  ]);
};
var decideUnlockAfterPayment = (command3, state2) => lockedBy(state2, command3.paymentIntentId) ? accept([
  {
    type: "BasketUnlocked",
    at: command3.at,
    paymentIntentId: command3.paymentIntentId,
    reason: command3.reason
  }
]) : wrongIntent(state2, command3.paymentIntentId);
var decideCheckOut = (command3, state2) => {
  if (state2.status === "checkedOut" && state2.activePaymentIntentId === command3.paymentIntentId)
    return unchanged;
  return lockedBy(state2, command3.paymentIntentId) ? accept([{ type: "BasketCheckedOut", at: command3.at, paymentIntentId: command3.paymentIntentId }]) : wrongIntent(state2, command3.paymentIntentId);
};

// packages/core/src/basket/decide-lines.ts
import * as E5 from "fp-ts/Either";

// packages/core/src/basket/decide-removal.ts
var withCrossSoldDescendants = (state2, lineItemId) => {
  const lines = allLines(state2);
  const found = [lineItemId];
  for (let i = 0; i < found.length; i++) {
    for (const line of lines) {
      if (line.crossSoldFromLineItemId === found[i] && !found.includes(line.id)) found.push(line.id);
    }
  }
  return found;
};
var removeLineEvents = (state2, lineItemId, reason, at) => withCrossSoldDescendants(state2, lineItemId).flatMap((id, index) => {
  const found = findLine(state2, id);
  if (!found) return [];
  return [
    {
      type: "LineItemRemoved",
      at,
      providerBasketId: found.providerBasket.id,
      lineItemId: found.line.id,
      reason: index === 0 ? reason : "cross-sell-parent-removed"
    }
  ];
});
var withTidying = (state2, events, at) => {
  const after = fold(evolveBasket, state2, events);
  if (after.status !== "open") return events;
  const closed = after.providerBaskets.filter((pb) => pb.lines.length === 0).map((pb) => ({ type: "ProviderBasketClosed", at, providerBasketId: pb.id }));
  return [...events, ...closed, ...orphanedVoucherEvents(fold(evolveBasket, after, closed), at)];
};
var removeLinesEvents = (state2, lineItemIds, reason, at) => {
  const seen = /* @__PURE__ */ new Set();
  return lineItemIds.flatMap((id) => removeLineEvents(state2, id, reason, at)).filter((event3) => {
    if (event3.type !== "LineItemRemoved" || seen.has(event3.lineItemId)) return false;
    seen.add(event3.lineItemId);
    return true;
  });
};

// packages/core/src/basket/decide-lines.ts
var lineOf = (command3, state2) => {
  const found = findLine(state2, command3.lineItemId);
  if (!found || found.providerBasket.id !== command3.providerBasketId) {
    throw new Error(`line ${command3.lineItemId} of ${command3.providerBasketId} should have been refused`);
  }
  return found;
};
var decideDeleteLineItem = (command3, state2) => accept(removeLineEvents(state2, lineOf(command3, state2).line.id, "deleted", command3.at));
var changeQuantity = (command3, state2, facts, line, quantity) => {
  if (!Number.isInteger(quantity) || quantity < 1)
    return refuse("validation-failed", "quantity must be at least 1");
  if (quantity === line.quantity) return unchanged;
  const changed = accept([
    {
      type: "LineItemQuantityChanged",
      at: command3.at,
      providerBasketId: command3.providerBasketId,
      lineItemId: line.id,
      quantity
    }
  ]);
  const entry = productEntry(facts, line.productId);
  if (!entry) return refuse("product-not-found", `no product ${line.productId}`);
  if (quantity < line.quantity) return changed;
  const { product } = entry;
  const others = allLines(state2).filter((l) => l.id !== line.id);
  const refusal = firstRefusal(
    () => product.onSale ? void 0 : problem("product-unavailable", `product ${product.id} is not on sale`),
    () => quantityLimitRefusal(
      unitsOfProduct(state2, product.id, [line.id]) + quantity,
      product.maxPerBasket,
      product.id
    ),
    ...lineResources(line).map(
      ({ resource }) => () => capacityRefusal(
        unitsHeld(others, resource) + quantity,
        availableOf(facts.availability, resource),
        resource
      )
    )
  );
  return refusal ? E5.left(refusal) : changed;
};
var decideUpdateTimeSlotLine = (command3, state2, facts) => {
  const { line } = lineOf(command3, state2);
  if (line.type !== "TimeSlot") return refuse("wrong-product-type", `line ${line.id} is a ${line.type} line`);
  if (command3.quantity === void 0) return unchanged;
  return changeQuantity(command3, state2, facts, line, command3.quantity);
};
var decideUpdateLineItemQuantity = (command3, state2, facts) => {
  const { line } = lineOf(command3, state2);
  if (line.type === "Ticketing") {
    return E5.left(problem("wrong-product-type", `line ${line.id} holds tickets: select seats instead`));
  }
  return changeQuantity(command3, state2, facts, line, command3.quantity);
};

// packages/core/src/basket/decide-products.ts
import * as E6 from "fp-ts/Either";
import { pipe as pipe2 } from "fp-ts/function";
var addable = ({ product }, command3) => {
  if (product.type === "Consumable") return E6.right({ type: "Consumable", product });
  if (product.type !== "VariableProduct") {
    return E6.left(
      problem("wrong-product-type", `${product.type} products are not added with addProductToBasket`)
    );
  }
  if (command3.productVariantId === void 0) {
    return E6.left(problem("variant-required", `product ${product.id} needs a productVariantId`));
  }
  const variant = product.variants.find((v) => v.id === command3.productVariantId);
  if (!variant)
    return E6.left(
      problem("variant-not-found", `product ${product.id} has no variant ${command3.productVariantId}`)
    );
  return E6.right({ type: "VariableProduct", product, variant });
};
var crossSellOf = (state2, facts, command3) => {
  const parentLineId = command3.crossSoldFromLineItemId;
  let parentProductId = command3.crossSoldFromProductId;
  if (parentLineId !== void 0) {
    const parent = findLine(state2, parentLineId)?.line;
    if (!parent || parentProductId !== void 0 && parentProductId !== parent.productId) {
      return E6.left(
        problem(
          "cross-sell-parent-not-found",
          `no line item ${parentLineId} of the parent product in the basket`
        )
      );
    }
    parentProductId = parent.productId;
  }
  if (parentProductId === void 0) return E6.right({});
  const parentProduct = productEntry(facts, parentProductId)?.product;
  if (!parentProduct?.crossSells.includes(command3.productId)) {
    return E6.left(
      problem("cross-sell-not-allowed", `${command3.productId} is not a cross-sell of ${parentProductId}`)
    );
  }
  return E6.right(
    omitUndefined({ crossSoldFromProductId: parentProductId, crossSoldFromLineItemId: parentLineId })
  );
};
var newLine = (id, item, command3, crossSell, state2) => {
  const common2 = {
    id,
    productId: item.product.id,
    deliveryMethodIdOptions: item.product.deliveryMethodIdOptions,
    quantity: command3.quantity,
    kioskId: command3.kioskId,
    timestreamId: command3.timestreamId,
    ...crossSell
  };
  if (item.type === "VariableProduct") {
    const { variant } = item;
    return omitUndefined({
      ...common2,
      type: "VariableProduct",
      unitPrice: fromMinorUnits(state2.currency, variant.price),
      variant: { id: variant.id, name: variant.name, sku: variant.sku, imageUrl: variant.imageUrl },
      productGroupId: command3.productGroupId
    });
  }
  const { product } = item;
  return omitUndefined({
    ...common2,
    type: "Consumable",
    unitPrice: fromMinorUnits(state2.currency, product.unitPrice),
    title: product.title,
    productGroupId: command3.productGroupId ?? product.productGroupId,
    validUntil: product.validUntil,
    description: product.description,
    allergens: product.allergens,
    image: product.image,
    calories: product.calories
  });
};
var sameLine = (a, b) => a.productId === b.productId && variantIdOf(a) === variantIdOf(b) && a.kioskId === b.kioskId && a.productGroupId === b.productGroupId && a.timestreamId === b.timestreamId && a.crossSoldFromLineItemId === b.crossSoldFromLineItemId && a.crossSoldFromProductId === b.crossSoldFromProductId;
var variantOf = (item) => item.type === "VariableProduct" ? item.variant.id : void 0;
var decideAddProduct = (command3, state2, facts) => E6.flatMap(
  productOnSale(facts, command3.productId),
  (entry) => E6.flatMap(addable(entry, command3), (item) => {
    const currency = facts.catalog.catalog.currency.code;
    const { provider } = entry;
    const refusal = firstRefusal(
      () => command3.currency !== void 0 && command3.currency !== currency ? problem("currency-mismatch", `the catalog's currency is ${currency}, not ${command3.currency}`) : void 0,
      () => command3.kioskId !== void 0 && !provider.kiosks.some((k) => k.id === command3.kioskId) ? problem("kiosk-not-found", `provider ${provider.id} has no kiosk ${command3.kioskId}`) : void 0,
      () => Number.isInteger(command3.quantity) && command3.quantity >= 1 ? void 0 : problem("validation-failed", "quantity must be a whole number of at least 1")
    );
    if (refusal) return E6.left(refusal);
    return E6.flatMap(
      crossSellOf(state2, facts, command3),
      (crossSell) => addLine(command3, state2, facts, entry, item, crossSell)
    );
  })
);
var addLine = (command3, state2, facts, entry, item, crossSell) => {
  const { product } = item;
  const variantId = variantOf(item);
  const resource = stockResource(product.id, variantId);
  const heldOfResource = allLines(state2).filter((l) => l.productId === product.id && variantIdOf(l) === variantId).reduce((n, l) => n + unitsOf(l), 0);
  const refusal = firstRefusal(
    () => quantityLimitRefusal(
      unitsOfProduct(state2, product.id) + command3.quantity,
      product.maxPerBasket,
      product.id
    ),
    () => capacityRefusal(heldOfResource + command3.quantity, availableOf(facts.availability, resource), resource)
  );
  if (refusal) return E6.left(refusal);
  const ids = freshIdSupply(command3.freshIds);
  const wanted = newLine(product.id, item, command3, crossSell, state2);
  for (const pb of state2.providerBaskets) {
    for (const line of pb.lines) {
      if ((line.type === "Consumable" || line.type === "VariableProduct") && sameLine(line, wanted)) {
        return accept([
          {
            type: "LineItemQuantityChanged",
            at: command3.at,
            providerBasketId: pb.id,
            lineItemId: line.id,
            quantity: line.quantity + command3.quantity
          }
        ]);
      }
    }
  }
  const lineLimit = lineLimitRefusal(state2, 1);
  if (lineLimit) return E6.left(lineLimit);
  return pipe2(
    providerBasketFor(state2, entry.provider, ids, command3.at),
    E6.map(({ providerBasketId, opening }) => [
      ...opening,
      {
        type: "LineItemAdded",
        at: command3.at,
        providerBasketId,
        line: newLine(ids.take(entry.provider.id), item, command3, crossSell, state2)
      }
    ])
  );
};

// packages/core/src/basket/decide-seats.ts
import * as E7 from "fp-ts/Either";
import { pipe as pipe3 } from "fp-ts/function";

// packages/core/src/basket/seat-selection.ts
var seatsOf = (sections) => sections.flatMap(
  (section2) => section2.rows.flatMap((row) => row.seats.map((seatId) => ({ section: section2, row: row.row, seatId })))
);
var findSeat = (sections, seatId) => seatsOf(sections).find((seat) => seat.seatId === seatId);
var adjacentRun = (row, count, isFree) => {
  let run = [];
  for (const seatId of row.seats) {
    run = isFree(seatId) ? [...run, seatId] : [];
    if (run.length === count) return run;
  }
  return void 0;
};
var selectSeatsAutomatically = (sections, count, isFree) => {
  if (count <= 0) return [];
  for (const section2 of sections) {
    const free = seatsOf([section2]).filter((seat) => isFree(seat.seatId));
    if (free.length < count) continue;
    for (const row of section2.rows) {
      const run = adjacentRun(row, count, isFree);
      if (run) return run.map((seatId) => ({ section: section2, row: row.row, seatId }));
    }
    return free.slice(0, count);
  }
  return void 0;
};

// packages/core/src/basket/decide-seats.ts
var ticketing = ({ product }) => product.type === "Ticketing" ? E7.right(product) : E7.left(problem("wrong-product-type", `${product.type} products have no seats to select`));
var rateOf = (product, rateId) => {
  const rate = product.rates.find((r) => r.id === rateId);
  return rate ? E7.right(rate) : E7.left(problem("rate-not-found", `event ${product.id} has no rate ${rateId}`));
};
var traverse = (as, f) => E7.traverseArray(f)(as);
var freeFor = (product, facts) => (seatId) => !product.soldSeats.includes(seatId) && availableOf(facts.availability, seatResource(product.id, seatId)) >= 1;
var unavailable = (detail) => E7.left(problem("seats-unavailable", detail));
var manualSeats = (product, facts, seats) => pipe3(
  traverse(seats, ({ rateId, seatId }) => {
    const seat = findSeat(product.sections, seatId);
    if (!seat) return E7.left(problem("seat-not-found", `event ${product.id} has no seat ${seatId}`));
    return pipe3(
      rateOf(product, rateId),
      E7.map((rate) => ({ seat, rate }))
    );
  }),
  E7.flatMap((rated) => {
    const ids = rated.map((r) => r.seat.seatId);
    if (new Set(ids).size !== ids.length)
      return E7.left(problem("validation-failed", "a seat is asked for twice"));
    const taken = ids.filter((id) => !freeFor(product, facts)(id));
    return taken.length > 0 ? unavailable(`seats not available: ${taken.join(", ")}`) : E7.right(rated);
  })
);
var automaticSeats = (product, facts, rates) => pipe3(
  traverse(
    rates,
    ({ rateId, quantity }) => pipe3(
      rateOf(product, rateId),
      E7.map((rate) => Array.from({ length: quantity }, () => rate))
    )
  ),
  E7.flatMap((perRate) => {
    const wanted = perRate.flat();
    const seats = selectSeatsAutomatically(product.sections, wanted.length, freeFor(product, facts));
    if (!seats) return unavailable(`no section has ${wanted.length} free seats together`);
    return E7.right(seats.flatMap((seat, i) => wanted[i] ? [{ seat, rate: wanted[i] }] : []));
  })
);
var countOf = (command3) => command3.seats?.length ?? (command3.rates ?? []).reduce((n, r) => n + r.quantity, 0);
var wellFormed = (command3) => {
  const both = command3.rates !== void 0 && command3.seats !== void 0;
  const quantities = (command3.rates ?? []).map((r) => r.quantity);
  return both || countOf(command3) < 1 || quantities.some((q) => !Number.isInteger(q) || q < 1) ? problem("validation-failed", "exactly one of rates and seats, asking for at least one seat") : void 0;
};
var ticketOf = ({ seat, rate }, previous, ids, provider, state2) => {
  const price = rate.prices[seat.section.category];
  if (price === void 0) {
    return E7.left(
      problem("rate-not-found", `rate ${rate.id} has no price for ${seat.section.category} seats`)
    );
  }
  return E7.right({
    id: previous.find((t27) => t27.providerSeatId === seat.seatId)?.id ?? ids.take(provider),
    providerSeatId: seat.seatId,
    seatCategory: seat.section.category,
    tariff: rate.tariff,
    section: seat.section.name,
    providerSectionId: seat.section.id,
    row: seat.row,
    seat: seat.seatId.slice(seat.seatId.lastIndexOf("-") + 1),
    price: fromMinorUnits(state2.currency, price)
  });
};
var existingLine = (state2, productId) => {
  for (const pb of state2.providerBaskets) {
    const line = pb.lines.find(
      (l) => l.type === "Ticketing" && l.productId === productId
    );
    if (line) return { providerBasketId: pb.id, line };
  }
  return void 0;
};
var decideSelectSeats = (command3, state2, facts) => pipe3(
  productOnSale(facts, command3.productId),
  E7.flatMap(
    (entry) => pipe3(
      ticketing(entry),
      E7.flatMap((product) => {
        const refusal = firstRefusal(
          () => wellFormed(command3),
          () => quantityLimitRefusal(countOf(command3), product.maxPerBasket, product.id)
        );
        if (refusal) return E7.left(refusal);
        const chosen = command3.seats ? manualSeats(product, facts, command3.seats) : automaticSeats(product, facts, command3.rates ?? []);
        return E7.flatMap(chosen, (rated) => ticketLine(command3, state2, entry, product, rated));
      })
    )
  )
);
var ticketLine = (command3, state2, entry, product, rated) => {
  const ids = freshIdSupply(command3.freshIds);
  const provider = entry.provider.id;
  const existing2 = existingLine(state2, product.id);
  if (existing2) {
    return pipe3(
      traverse(rated, (r) => ticketOf(r, existing2.line.tickets, ids, provider, state2)),
      E7.map((tickets) => [
        {
          type: "TicketsReplaced",
          at: command3.at,
          providerBasketId: existing2.providerBasketId,
          lineItemId: existing2.line.id,
          tickets
        }
      ])
    );
  }
  const lineLimit = lineLimitRefusal(state2, 1);
  if (lineLimit) return E7.left(lineLimit);
  return pipe3(
    providerBasketFor(state2, entry.provider, ids, command3.at),
    E7.flatMap(({ providerBasketId, opening }) => {
      const id = ids.take(provider);
      return pipe3(
        traverse(rated, (r) => ticketOf(r, [], ids, provider, state2)),
        E7.flatMap(
          (tickets) => accept([
            ...opening,
            {
              type: "LineItemAdded",
              at: command3.at,
              providerBasketId,
              line: {
                type: "Ticketing",
                id,
                productId: product.id,
                deliveryMethodIdOptions: product.deliveryMethodIdOptions,
                tickets,
                sportsMatch: product.sportsMatch
              }
            }
          ])
        )
      );
    })
  );
};

// packages/core/src/basket/decide-time-slots.ts
import * as E8 from "fp-ts/Either";
import { pipe as pipe4 } from "fp-ts/function";
var timeSlotProduct = ({
  product
}) => product.type === "TimeSlot" ? E8.right(product) : E8.left(problem("wrong-product-type", `${product.type} products have no time slots`));
var ratedQuantities = (product, rates) => {
  const rateIds = rates.map((r) => r.rateId);
  const wellFormed2 = new Set(rateIds).size === rateIds.length && rates.every((r) => Number.isInteger(r.quantity) && r.quantity >= 0) && rates.some((r) => r.quantity > 0);
  if (!wellFormed2)
    return E8.left(problem("validation-failed", "rates must name each rate once and ask for a place"));
  const rated = [];
  for (const { rateId, quantity } of rates) {
    const rate = product.rates.find((r) => r.id === rateId);
    if (!rate) return E8.left(problem("rate-not-found", `product ${product.id} has no rate ${rateId}`));
    if (quantity > 0) rated.push({ rate, quantity });
  }
  return E8.right(rated);
};
var decideSelectTimeSlot = (command3, state2, facts) => pipe4(
  productOnSale(facts, command3.productId),
  E8.flatMap(
    (entry) => pipe4(
      timeSlotProduct(entry),
      E8.flatMap((product) => {
        const slot = product.timeSlots.find((s) => s.id === command3.timeSlotId);
        if (!slot)
          return E8.left(
            problem("time-slot-not-found", `product ${product.id} has no slot ${command3.timeSlotId}`)
          );
        return pipe4(
          ratedQuantities(product, command3.rates),
          E8.flatMap((rated) => replaceLines(command3, state2, facts, entry, product, rated))
        );
      })
    )
  )
);
var replaceLines = (command3, state2, facts, entry, product, rated) => {
  const total = rated.reduce((n, r) => n + r.quantity, 0);
  const resource = slotResource(product.id, command3.timeSlotId);
  const replaced = allLines(state2).filter((l) => l.productId === product.id);
  const refusal = firstRefusal(
    () => quantityLimitRefusal(total, product.maxPerBasket, product.id),
    () => capacityRefusal(total, availableOf(facts.availability, resource), resource),
    () => lineLimitRefusal(state2, rated.length - replaced.length)
  );
  if (refusal) return E8.left(refusal);
  const ids = freshIdSupply(command3.freshIds);
  const removals = removeLinesEvents(
    state2,
    replaced.map((l) => l.id),
    "replaced",
    command3.at
  );
  return pipe4(
    providerBasketFor(state2, entry.provider, ids, command3.at),
    E8.map(({ providerBasketId, opening }) => [
      ...opening,
      ...removals,
      ...rated.map(
        ({ rate, quantity }) => ({
          type: "LineItemAdded",
          at: command3.at,
          providerBasketId,
          line: {
            type: "TimeSlot",
            id: ids.take(entry.provider.id),
            productId: product.id,
            deliveryMethodIdOptions: product.deliveryMethodIdOptions,
            quantity,
            unitPrice: fromMinorUnits(state2.currency, rate.price),
            tariffId: rate.tariffId,
            tariffName: rate.tariffName,
            rateId: rate.id,
            timeSlotId: command3.timeSlotId,
            productName: product.productName
          }
        })
      )
    ])
  );
};

// packages/core/src/basket/decide.ts
var decideOn = (command3, state2, facts) => {
  switch (command3.type) {
    case "CreateBasket":
      return decideCreateBasket(command3, state2);
    case "DeleteBasket":
      return decideDeleteBasket(command3);
    case "AssignContact":
      return decideAssignContact(command3, state2);
    case "AddProduct":
      return decideAddProduct(command3, state2, facts);
    case "SelectSeats":
      return decideSelectSeats(command3, state2, facts);
    case "SelectTimeSlot":
      return decideSelectTimeSlot(command3, state2, facts);
    case "DeleteLineItem":
      return decideDeleteLineItem(command3, state2);
    case "UpdateTimeSlotLine":
      return decideUpdateTimeSlotLine(command3, state2, facts);
    case "UpdateLineItemQuantity":
      return decideUpdateLineItemQuantity(command3, state2, facts);
    case "SetDeliveryMethod":
      return decideSetDeliveryMethod(command3, state2);
    case "SetCustomerDetails":
      return decideSetCustomerDetails(command3, state2);
    case "AddVoucher":
      return decideAddVoucher(command3, state2, facts);
    case "RemoveVoucher":
      return decideRemoveVoucher(command3, state2);
    case "ExpireHolds":
      return unchanged;
    case "LockForPayment":
      return decideLockForPayment(command3, state2);
    case "ConfirmProviderBasket":
      return decideConfirmProviderBasket(command3, state2);
    case "UnlockAfterPayment":
      return decideUnlockAfterPayment(command3, state2);
    case "CheckOut":
      return decideCheckOut(command3, state2);
  }
};
var decideBasket = (command3, state2, facts) => {
  if (command3.type === "CreateBasket") return decideCreateBasket(command3, state2);
  const expired = expiryEvents(state2, command3.at);
  const current2 = fold(evolveBasket, state2, expired);
  if (!exists(current2)) return refuse("basket-not-found", `no basket ${command3.basketId}`);
  const refusal = refusalOn(command3, current2);
  if (refusal) return E9.left(refusal);
  return pipe5(
    decideOn(command3, current2, facts),
    E9.map((events) => [...expired, ...withTidying(current2, events, command3.at)])
  );
};

// packages/core/src/basket/decider.ts
var basketDecider = {
  initialState: initialBasketState,
  decide: decideBasket,
  evolve: evolveBasket
};

// packages/core/src/basket/events.ts
import * as t23 from "io-ts";
var event = (type9, props) => t23.type({ type: t23.literal(type9), at: Instant, ...props }, type9);
var BasketCreated = event("BasketCreated", {
  basketId: t23.string,
  storeId: t23.string,
  currency: CurrencyC
});
var BasketDeleted = event("BasketDeleted", {});
var ContactAssigned = event("ContactAssigned", { contactId: t23.string });
var ProviderBasketOpened = event("ProviderBasketOpened", {
  providerBasketId: ProviderIdentity,
  terms: ProviderTerms
});
var ProviderBasketClosed = event("ProviderBasketClosed", { providerBasketId: ProviderIdentity });
var LineItemAdded = event("LineItemAdded", { providerBasketId: ProviderIdentity, line: Line });
var LineItemQuantityChanged = event("LineItemQuantityChanged", {
  providerBasketId: ProviderIdentity,
  lineItemId: ProviderIdentity,
  quantity: t23.number
});
var TicketsReplaced = event("TicketsReplaced", {
  providerBasketId: ProviderIdentity,
  lineItemId: ProviderIdentity,
  tickets: t23.readonlyArray(Ticket)
});
var LineItemRemoved = event("LineItemRemoved", {
  providerBasketId: ProviderIdentity,
  lineItemId: ProviderIdentity,
  reason: t23.keyof({ deleted: null, replaced: null, "cross-sell-parent-removed": null })
});
var ProviderBasketExpired = event("ProviderBasketExpired", { providerBasketId: ProviderIdentity });
var DeliveryMethodSelected = event("DeliveryMethodSelected", {
  providerBasketId: ProviderIdentity,
  selection: DeliveryMethodSelection
});
var CustomerDetailsSet = event("CustomerDetailsSet", {
  customerDetails: t23.readonlyArray(CustomerDetailFieldValue)
});
var VoucherAdded = event("VoucherAdded", { voucher: BasketVoucher });
var VoucherRemoved = event("VoucherRemoved", {
  code: t23.string,
  reason: t23.keyof({ requested: null, "no-matching-line": null })
});
var BasketLocked = event("BasketLocked", { paymentIntentId: t23.string });
var ProviderBasketConfirmed = event("ProviderBasketConfirmed", {
  paymentIntentId: t23.string,
  providerBasketId: ProviderIdentity
});
var BasketUnlocked = event("BasketUnlocked", {
  paymentIntentId: t23.string,
  reason: t23.keyof({ cancelled: null, "provider-refused": null })
});
var BasketCheckedOut = event("BasketCheckedOut", { paymentIntentId: t23.string });
var BasketEvent = t23.union(
  [
    BasketCreated,
    BasketDeleted,
    ContactAssigned,
    ProviderBasketOpened,
    ProviderBasketClosed,
    LineItemAdded,
    LineItemQuantityChanged,
    TicketsReplaced,
    LineItemRemoved,
    ProviderBasketExpired,
    DeliveryMethodSelected,
    CustomerDetailsSet,
    VoucherAdded,
    VoucherRemoved,
    BasketLocked,
    ProviderBasketConfirmed,
    BasketUnlocked,
    BasketCheckedOut
  ],
  "BasketEvent"
);
var basketEventTypes = BasketEvent.types.map(
  (c) => c.props.type.value
);

// packages/core/src/payment-intent/commands.ts
import * as t24 from "io-ts";
var command2 = (type9, props) => t24.type({ type: t24.literal(type9), paymentIntentId: Uuid, at: Instant, ...props }, type9);
var StartPaymentIntent = t24.intersection(
  [
    command2("StartPaymentIntent", {
      basketId: t24.string,
      storeId: t24.string,
      notificationId: Uuid,
      totalPaid: MoneyC,
      components: t24.readonlyArray(PaymentComponent),
      providerBasketIds: t24.readonlyArray(ProviderIdentity)
    }),
    t24.partial({ contactId: t24.string, payload: FreeFormObject })
  ],
  "StartPaymentIntent"
);
var RecordProviderAnswer = command2("RecordProviderAnswer", {
  providerBasketId: ProviderIdentity,
  answer: t24.keyof({ confirmed: null, refused: null })
});
var RecordPaymentSession = command2("RecordPaymentSession", {
  pspPaymentreference: ProviderIdentity,
  pspPayload: FreeFormObject
});
var RequestCancellation = command2("RequestCancellation", { notificationId: Uuid });
var RecordConfirmationReleased = command2("RecordConfirmationReleased", {
  providerBasketId: ProviderIdentity
});
var RecordSessionVoided = command2("RecordSessionVoided", {});
var RecordPayment = command2("RecordPayment", {
  tokenId: NonEmptyString,
  outcome: t24.keyof({ succeeded: null, declined: null })
});
var PaymentIntentCommand = t24.union(
  [
    StartPaymentIntent,
    RecordProviderAnswer,
    RecordPaymentSession,
    RequestCancellation,
    RecordConfirmationReleased,
    RecordSessionVoided,
    RecordPayment
  ],
  "PaymentIntentCommand"
);

// packages/core/src/payment-intent/decide.ts
import * as E10 from "fp-ts/Either";

// packages/core/src/payment-intent/machine.ts
var stay2 = (status, events) => Object.fromEntries(events.map((e) => [e, status]));
var cancellationEvents = [
  "CancellationStarted",
  "ConfirmationReleased",
  "SessionVoided"
];
var paymentIntentTransitions = {
  none: { PaymentIntentStarted: "PreparingPayment" },
  PreparingPayment: {
    ...stay2("PreparingPayment", [
      "ProviderBasketConfirmed",
      "ProviderBasketRefused",
      "PaymentSessionOpened",
      ...cancellationEvents
    ]),
    PaymentIntentReady: "AwaitingPayment",
    PaymentIntentCancelled: "Cancelled"
  },
  AwaitingPayment: {
    ...stay2("AwaitingPayment", [...cancellationEvents, "PaymentDeclined"]),
    PaymentIntentCancelled: "Cancelled",
    PaymentCompleted: "PaymentComplete"
  },
  Cancelled: {},
  PaymentComplete: {}
};

// packages/core/src/payment-intent/state.ts
import * as t25 from "io-ts";
var IntentMachine = t25.intersection(
  [
    t25.type({
      pendingProviderBaskets: t25.readonlyArray(ProviderIdentity),
      pendingPaymentProvider: t25.boolean,
      ready: t25.boolean
    }),
    t25.partial({ notificationId: Uuid })
  ],
  "IntentMachine"
);
var CancellationReason = t25.keyof(
  { requested: null, "provider-refused": null },
  "CancellationReason"
);
var ExistingPaymentIntent = t25.intersection(
  [
    t25.type({
      status: PaymentIntentStatus,
      id: Uuid,
      basketId: t25.string,
      storeId: t25.string,
      created: Instant,
      updated: Instant,
      paymentDetails: PaymentDetails,
      /** Every provider basket of the basket when the intent started. */
      providerBasketIds: t25.readonlyArray(ProviderIdentity),
      /** Provider baskets whose provider confirmed, in answer order: what a cancellation releases. */
      confirmedProviderBaskets: t25.readonlyArray(ProviderIdentity),
      creation: IntentMachine
    }),
    t25.partial({
      contactId: t25.string,
      /** The request body of createPaymentIntent, passed to the payment provider. */
      payload: FreeFormObject,
      cancellation: IntentMachine,
      pspPaymentreference: ProviderIdentity,
      pspPayload: FreeFormObject,
      /** Set once the intent is Cancelled. */
      cancellationReason: CancellationReason,
      /** The provider basket whose provider refused (C-8.2). */
      refusedBy: ProviderIdentity,
      /** Tokens the payment provider declined, oldest first (C-4.3). */
      declinedTokenIds: t25.readonlyArray(t25.string),
      /** The token that paid (C-8.5). */
      paidWithTokenId: t25.string
    })
  ],
  "ExistingPaymentIntent"
);
var PaymentIntentState = t25.union(
  [t25.type({ status: t25.literal("none") }), ExistingPaymentIntent],
  "PaymentIntentState"
);

// packages/core/src/payment-intent/evolve.ts
import { produce } from "immer";

// packages/core/src/payment-intent/events.ts
import * as t26 from "io-ts";
var event2 = (type9, props) => t26.type({ type: t26.literal(type9), at: Instant, ...props }, type9);
var PaymentIntentStarted = t26.intersection(
  [
    event2("PaymentIntentStarted", {
      paymentIntentId: Uuid,
      basketId: t26.string,
      storeId: t26.string,
      notificationId: Uuid,
      totalPaid: MoneyC,
      components: t26.readonlyArray(PaymentComponent),
      providerBasketIds: t26.readonlyArray(ProviderIdentity)
    }),
    t26.partial({ contactId: t26.string, payload: FreeFormObject })
  ],
  "PaymentIntentStarted"
);
var ProviderBasketConfirmed2 = event2("ProviderBasketConfirmed", {
  providerBasketId: ProviderIdentity
});
var ProviderBasketRefused = event2("ProviderBasketRefused", { providerBasketId: ProviderIdentity });
var PaymentSessionOpened = event2("PaymentSessionOpened", {
  pspPaymentreference: ProviderIdentity,
  pspPayload: FreeFormObject
});
var PaymentIntentReady = event2("PaymentIntentReady", {});
var CancellationStarted = event2("CancellationStarted", {
  notificationId: Uuid,
  pendingProviderBaskets: t26.readonlyArray(ProviderIdentity),
  pendingPaymentProvider: t26.boolean
});
var ConfirmationReleased = event2("ConfirmationReleased", { providerBasketId: ProviderIdentity });
var SessionVoided = event2("SessionVoided", {});
var PaymentIntentCancelled = event2("PaymentIntentCancelled", { reason: CancellationReason });
var PaymentDeclined = event2("PaymentDeclined", { tokenId: t26.string });
var PaymentCompleted = event2("PaymentCompleted", { tokenId: t26.string });
var PaymentIntentEvent = t26.union(
  [
    PaymentIntentStarted,
    ProviderBasketConfirmed2,
    ProviderBasketRefused,
    PaymentSessionOpened,
    PaymentIntentReady,
    CancellationStarted,
    ConfirmationReleased,
    SessionVoided,
    PaymentIntentCancelled,
    PaymentDeclined,
    PaymentCompleted
  ],
  "PaymentIntentEvent"
);

// packages/core/src/views/line-item-view.ts
var providerDiscountView = (applied2, currency) => ({
  id: applied2.discount.id,
  title: applied2.discount.title,
  code: applied2.discount.code,
  description: applied2.discount.description,
  amount: fromMinorUnits(currency, applied2.amount)
});
var discountFields2 = (pricing, currency) => pricing.discounted ? {
  originalTotalPrice: fromMinorUnits(currency, pricing.original),
  totalProviderDiscounts: fromMinorUnits(currency, pricing.original - pricing.total)
} : {};
var kindView = (line) => {
  switch (line.type) {
    case "Ticketing":
      return {
        ticketing: {
          type: "TicketedEvent",
          ...line.sportsMatch === void 0 ? {} : { eventType: "SportsMatch", sportsMatch: line.sportsMatch },
          tickets: [...line.tickets]
        }
      };
    case "Consumable":
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
            calories: line.calories
          })
        }
      };
    case "TimeSlot":
      return {
        timeSlot: {
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          tariffId: line.tariffId,
          tariffName: line.tariffName,
          rateId: line.rateId,
          timeSlotId: line.timeSlotId,
          productName: line.productName
        }
      };
    case "VariableProduct":
      return {
        variableProduct: {
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          variant: {
            id: line.variant.id,
            name: line.variant.name,
            sku: line.variant.sku,
            imageUrl: line.variant.imageUrl
          }
        }
      };
  }
};
var lineItemView = (pricing, currency) => {
  const { line } = pricing;
  const discounted = pricing.discounts.length > 0;
  return {
    id: line.id,
    type: line.type,
    productId: line.productId,
    ...line.crossSoldFromProductId === void 0 ? {} : { crossSoldFromProductId: line.crossSoldFromProductId },
    totalPrice: fromMinorUnits(currency, pricing.total),
    ...kindView(line),
    ...discountFields2({ ...pricing, discounted }, currency),
    ...discounted ? { providerDiscounts: pricing.discounts.map((d) => providerDiscountView(d, currency)) } : {},
    deliveryMethodIdOptions: [...line.deliveryMethodIdOptions],
    ...line.crossSoldFromLineItemId === void 0 ? {} : {
      features: [
        { type: "cross-sell", key: null, crossSoldFromLineItemId: line.crossSoldFromLineItemId }
      ]
    }
  };
};

// packages/core/src/views/totals.ts
var sumOf = (amounts) => amounts.reduce((a, b) => a + b, 0);
var applyCapped = (from, candidates) => candidates.reduce(
  ({ applied: applied2, left: left11 }, { discount, nominal }) => {
    const amount = Math.min(Math.max(0, nominal), left11);
    return { applied: [...applied2, { discount, amount }], left: left11 - amount };
  },
  { applied: [], left: Math.max(0, from) }
);
var voucherPriceFor = (line, vouchers) => {
  const prices = vouchers.filter((v) => v.productId === line.productId && v.variantId === variantIdOf(line)).map((v) => v.voucherPrice);
  return prices.length === 0 ? void 0 : Math.min(...prices);
};
var unitPriceOf = (line) => line.type === "Ticketing" ? void 0 : line.unitPrice.minorUnits;
var grossOf = (line) => line.type === "Ticketing" ? sumOf(line.tickets.map((ticket) => ticket.price.minorUnits)) : line.quantity * line.unitPrice.minorUnits;
var unitsByProduct = (lines) => {
  const units = /* @__PURE__ */ new Map();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + unitsOf(line));
  return units;
};
var priceLine = (line, discounts, productUnits, vouchers) => {
  const gross = grossOf(line);
  const unitPrice = unitPriceOf(line);
  const voucherPrice = voucherPriceFor(line, vouchers);
  const voucherReduction = unitPrice === void 0 || voucherPrice === void 0 ? 0 : Math.min(gross, unitsOf(line) * Math.max(0, unitPrice - voucherPrice));
  const original = gross - voucherReduction;
  const units = unitsOf(line);
  const candidates = discounts.flatMap(
    (discount) => discount.kind === "line-min-quantity" && (productUnits.get(line.productId) ?? 0) >= discount.minQuantity ? [{ discount, nominal: discount.amountOffPerUnit * units }] : []
  );
  const { applied: applied2, left: left11 } = applyCapped(original, candidates);
  return { line, gross, voucherReduction, original, discounts: applied2, total: left11 };
};
var deliveryPriceOf = (method) => method.type === "Address" || method.type === "Digital" ? method.totalPrice.minorUnits : 0;
var selectedDeliveryMethods = (pb) => {
  const selected = new Set(pb.selections.map((s) => s.id));
  const seen = /* @__PURE__ */ new Set();
  return pb.terms.deliveryMethods.filter((method) => {
    const counts = selected.has(method.id) || method.type === "Digital" && method.alwaysIncluded;
    if (!counts || seen.has(method.id)) return false;
    seen.add(method.id);
    return true;
  });
};
var priceProviderBasket = (pb, productUnits, vouchers) => {
  const lines = pb.lines.map((line) => priceLine(line, pb.terms.discounts, productUnits, vouchers));
  const linesTotal = sumOf(lines.map((l) => l.total));
  const deliveryMethods = selectedDeliveryMethods(pb);
  const delivery = sumOf(deliveryMethods.map(deliveryPriceOf));
  const candidates = pb.terms.discounts.flatMap(
    (discount) => discount.kind === "basket-min-total" && linesTotal >= discount.minTotal ? [{ discount, nominal: discount.amountOff }] : []
  );
  const { applied: applied2, left: left11 } = applyCapped(linesTotal + delivery, candidates);
  return {
    providerBasket: pb,
    lines,
    linesTotal,
    deliveryMethods,
    delivery,
    discounts: applied2,
    original: sumOf(lines.map((l) => l.original)) + delivery,
    total: left11,
    discounted: applied2.length > 0 || lines.some((l) => l.discounts.length > 0)
  };
};
var priceBasket = (state2) => {
  const productUnits = unitsByProduct(state2.providerBaskets.flatMap((pb) => pb.lines));
  const providerBaskets = state2.providerBaskets.map(
    (pb) => priceProviderBasket(pb, productUnits, state2.vouchers)
  );
  return {
    providerBaskets,
    delivery: sumOf(providerBaskets.map((p) => p.delivery)),
    original: sumOf(providerBaskets.map((p) => p.original)),
    total: sumOf(providerBaskets.map((p) => p.total)),
    discounted: providerBaskets.some((p) => p.discounted)
  };
};

// packages/core/src/views/basket-view.ts
var visibleBasket = (state2, now) => {
  const expired = new Set(expiredProviderBaskets(state2, now).map((pb) => pb.id));
  const providerBaskets = state2.providerBaskets.filter((pb) => !expired.has(pb.id));
  const lines = providerBaskets.flatMap((pb) => pb.lines);
  const vouchers = state2.vouchers.filter(
    (v) => lines.some((l) => l.productId === v.productId && variantIdOf(l) === v.variantId)
  );
  return { ...state2, providerBaskets, vouchers };
};
var expiresOf = (state2, pricing) => state2.status === "open" || state2.status === "locked" ? providerBasketExpires(pricing.providerBasket) : void 0;
var providerBasketView = (state2, pricing) => {
  const pb = pricing.providerBasket;
  const expires = expiresOf(state2, pricing);
  return {
    id: pb.id,
    ...expires === void 0 ? {} : { expires },
    totalPrice: fromMinorUnits(state2.currency, pricing.total),
    lineItems: pricing.lines.map((line) => lineItemView(line, state2.currency)),
    deliveryMethods: [...pb.terms.deliveryMethods],
    deliveryMethodSelections: [...pb.selections],
    ...discountFields2(pricing, state2.currency),
    ...pricing.discounts.length === 0 ? {} : { providerDiscounts: pricing.discounts.map((d) => providerDiscountView(d, state2.currency)) }
  };
};
var voucherView = (state2, voucher) => {
  const line = allLines(state2).find(
    (l) => l.productId === voucher.productId && variantIdOf(l) === voucher.variantId
  );
  const original = line === void 0 ? voucher.voucherPrice : unitPriceOf(line) ?? voucher.voucherPrice;
  return {
    name: voucher.name,
    code: voucher.code,
    productId: voucher.productId,
    variantId: voucher.variantId,
    originalPrice: fromMinorUnits(state2.currency, original),
    voucherPrice: fromMinorUnits(state2.currency, voucher.voucherPrice),
    discountAmount: fromMinorUnits(state2.currency, Math.max(0, original - voucher.voucherPrice))
  };
};
var basketFrom = (state2, pricing) => {
  const required = requiredFields(state2.providerBaskets.map((pb) => pb.terms.requiredCustomerDetails));
  const stored = new Set(state2.customerDetails.map((d) => d.type));
  return {
    // Basket and intent ids are UUIDs from the moment they are issued (C-1.5).
    id: state2.id,
    created: state2.created,
    updated: state2.updated,
    ...state2.contactId === void 0 ? {} : { contactId: state2.contactId },
    providerBaskets: pricing.providerBaskets.map((p) => providerBasketView(state2, p)),
    customerDetails: required.map((type9) => ({ type: type9 })),
    totalPrice: fromMinorUnits(state2.currency, pricing.total),
    deliveryTotalPrice: fromMinorUnits(state2.currency, pricing.delivery),
    ...discountFields2(pricing, state2.currency),
    missingCustomerDetailFields: required.some((type9) => !stored.has(type9)),
    ...state2.activePaymentIntentId === void 0 ? {} : { activePaymentIntentId: state2.activePaymentIntentId },
    vouchers: state2.vouchers.map((v) => voucherView(state2, v))
  };
};
var basketView = (state2, now) => {
  const visible = visibleBasket(state2, now);
  return basketFrom(visible, priceBasket(visible));
};

// bench/core.ts
var catalogFile = new URL("../packages/testing/src/arbitraries/demo-catalog.json", import.meta.url);
var parsed = parseCatalog(JSON.parse(readFileSync(catalogFile, "utf8")));
if (parsed._tag === "Left") throw new Error("demo catalog refused");
var catalog = catalogIndex(parsed.right);
var BASKET = "0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0d";
var T0 = "2026-11-21T18:00:00.000Z";
var T1 = "2026-11-21T18:05:00.000Z";
var PIE = "fnb:arena|46602259e87b5062c3ef0e0f";
var VEGGIE = "fnb:arena|44a4f65e4bc3086b9d13baa7";
var PROGRAMME = "fnb:arena|763e81f85290d131d3d94f93";
var SCARF = "shop|8b0ed14002fe2ef6394d95a2";
var SHIRT = "shop|b4fc97c45b14a06fbcbdf88d";
var idCounter = 0;
var freshIds = () => Array.from({ length: 2 }, () => {
  idCounter += 1;
  return `b${String(idCounter).padStart(23, "0")}`;
});
var add2 = (productId, fields = {}, at = T0) => ({
  type: "AddProduct",
  basketId: BASKET,
  at,
  productId,
  quantity: 1,
  freshIds: freshIds(),
  ...fields
});
var factsFor = (command3, state2) => ({
  catalog,
  availability: new Map(resourcesToCheck(command3, state2, catalog).map((r) => [r, capacityOf(r, catalog)]))
});
var decideOrFail = (command3, state2) => {
  const result = basketDecider.decide(command3, state2, factsFor(command3, state2));
  if (result._tag === "Left") throw new Error(`${command3.type} refused: ${JSON.stringify(result.left)}`);
  return result.right;
};
var tenLines = () => {
  let state2 = fold(basketDecider.evolve, basketDecider.initialState, [
    {
      type: "BasketCreated",
      at: T0,
      basketId: BASKET,
      storeId: "arena-web",
      currency: { code: "GBP", precision: 2 }
    }
  ]);
  const commands = [
    add2(PIE, { productGroupId: "g1" }),
    add2(PIE, { productGroupId: "g2" }),
    add2(VEGGIE, { productGroupId: "g1" }),
    add2(VEGGIE, { productGroupId: "g2" }),
    add2(PROGRAMME, { productGroupId: "g1" }),
    add2(PROGRAMME, { productGroupId: "g2" }),
    add2(PIE, { productGroupId: "g3" }),
    add2(VEGGIE, { productGroupId: "g3" }),
    add2(SHIRT, { productVariantId: "home-shirt-m" }),
    add2(SCARF, { productVariantId: "scarf-one-size" })
  ];
  for (const command3 of commands) state2 = fold(basketDecider.evolve, state2, decideOrFail(command3, state2));
  if (!exists(state2) || state2.providerBaskets.flatMap((pb) => pb.lines).length !== 10)
    throw new Error("the bench basket does not have 10 lines");
  return state2;
};
var measure = (op, ms = 400) => {
  let best = 0;
  for (let round = 0; round < 6; round++) {
    let n = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0;
    while (elapsed < ms * 1e6) {
      for (let i = 0; i < 100; i++) op();
      n += 100;
      elapsed = Number(process.hrtime.bigint() - start);
    }
    if (round > 0) best = Math.max(best, n / (elapsed / 1e9));
  }
  return best;
};
var state = tenLines();
if (!exists(state)) throw new Error("no basket");
var existing = add2(PIE, { productGroupId: "g1" }, T1);
var existingFacts = factsFor(existing, state);
var newLine2 = add2(PIE, { productGroupId: "g4" }, T1);
var newLineFacts = factsFor(newLine2, state);
var sink = 0;
var decideAndEvolve = (command3, facts) => () => {
  const result = basketDecider.decide(command3, state, facts);
  if (result._tag === "Left") throw new Error(`refused: ${result.left.code}`);
  const after = fold(basketDecider.evolve, state, result.right);
  sink += after.status.length;
};
var check = (command3, facts, expected) => {
  const result = basketDecider.decide(command3, state, facts);
  if (result._tag === "Left" || result.right[0]?.type !== expected)
    throw new Error(`expected ${expected}, got ${JSON.stringify(result)}`);
};
check(existing, existingFacts, "LineItemQuantityChanged");
check(newLine2, newLineFacts, "LineItemAdded");
var rows = [
  { name: "reference: structuredClone of the 10-line state", opsPerSecond: measure(() => structuredClone(state)) },
  { name: "decide + evolve: AddProduct to one of 10 lines", opsPerSecond: measure(decideAndEvolve(existing, existingFacts)) },
  { name: "decide + evolve: AddProduct making an 11th line", opsPerSecond: measure(decideAndEvolve(newLine2, newLineFacts)) },
  {
    name: "basket view of the 10-line basket",
    opsPerSecond: measure(() => {
      sink += basketView(state, T1).providerBaskets.length;
    })
  }
];
if (sink === 0) throw new Error("nothing measured");
var reference = rows[0]?.opsPerSecond ?? 1;
var fmt = (n) => Math.round(n).toLocaleString("en-GB");
var table = rows.map(
  (r) => `| ${r.name} | ${fmt(r.opsPerSecond)} | ${(1e6 / r.opsPerSecond).toFixed(2)} | ${(r.opsPerSecond / reference).toFixed(2)}\xD7 |`
).join("\n");
var section = `<!-- core-bench:start -->
## Core (bench/core.ts)

\`npx tsx bench/core.ts\` on ${(/* @__PURE__ */ new Date()).toISOString().slice(0, 10)}, Node ${process.version}, one thread on
${cpus().length} \xD7 ${cpus()[0]?.model.trim() ?? "CPU"} shared with other work (load average ${loadavg()[0]?.toFixed(1)} at the end):
best of 5 rounds of 0.4 s after a warm-up round. The basket has 10 lines in 3 provider baskets; the
commands are decided at a time when nothing has expired, with every resource free. The last column
compares with the reference loop of the same run.

| what | operations/s | \xB5s each | of the reference |
| --- | ---: | ---: | ---: |
${table}
<!-- core-bench:end -->
`;
var docs = new URL("../docs/benchmarks.md", import.meta.url);
var current = readFileSync(docs, "utf8");
var marked = /<!-- core-bench:start -->[\s\S]*<!-- core-bench:end -->\n?/;
if (process.env.BASKET_BENCH_NO_WRITE === void 0)
  writeFileSync(
    docs,
    marked.test(current) ? current.replace(marked, section) : `${current.trimEnd()}

${section}`
  );
console.log(section);
