import {
  type BasketCommandType,
  type BasketState,
  CustomerDetailFieldTypes,
  type DeliveryMethod,
  exists,
  type ProviderBasketState,
  type ProviderIdentity,
  requiredFields,
  variantIdOf,
} from '@basket/core';
import {
  type Aim,
  type AimedCommand,
  defined,
  head,
  instantLater,
  intentIdOf,
  intentOf,
  lineFor,
  lineRef,
  placed,
  providerBaskets,
  withFreshIds,
} from './aim';
import {
  demoCatalogTargets as demo,
  demoCatalog,
  demoCatalogIndex,
  detailValue,
  seatIdsOf,
  selectionFor,
} from './catalog-fixture';

/*
 * Basket commands aimed at the demo catalog's real ids and at a basket's own lines, as `histories.ts`
 * plays them.
 */

/** A selection of one of `pb`'s methods; `spoilt` ones have a collection time in the past (C-7.9). */
export const aimedSelection = (
  method: DeliveryMethod,
  pb: ProviderBasketState,
  state: BasketState,
  { at, n, p }: Aim,
  spoilt = false,
) => {
  const seats = placed(state).flatMap(({ line }) =>
    line.type === 'Ticketing' ? line.tickets.map((t) => t.providerSeatId) : [],
  );
  const entry = method.type === 'Address' && p.chance(50) ? p.one(method.entries) : undefined;
  const kioskId = spoilt && p.chance(50) ? undefined : p.one(pb.terms.kioskIds);
  return selectionFor(method, {
    ...(entry === undefined ? {} : { addressEntryId: entry.id }),
    ...(kioskId === undefined ? {} : { kioskId }),
    ...(method.type === 'InSeat' && seats.length > 0 ? { seatId: p.one(seats) } : {}),
    collectionTime: instantLater(at, spoilt ? -60_000 : 7_200_000),
    reference: String(n),
  });
};

const addProduct: AimedCommand = (state, aim) => {
  const { p } = aim;
  const parent = p.chance(30) ? p.one(placed(state)) : undefined;
  const crossSells =
    (parent && demoCatalogIndex.products.get(parent.line.productId)?.product.crossSells) ?? [];
  const productId =
    p.one(crossSells) ??
    (p.chance(8)
      ? p.one([...demo.notAddable.map((x) => x.id), demo.unknownProductId])
      : p.one(demo.addable)?.id) ??
    demo.unknownProductId;
  const entry = demoCatalogIndex.products.get(productId);
  const variants = entry?.product.type === 'VariableProduct' ? entry.product.variants.map((v) => v.id) : [];
  const variant =
    variants.length === 0 || p.chance(4) ? undefined : p.chance(3) ? demo.unknownVariantId : p.one(variants);
  const kioskId = p.chance(30) ? p.one(entry?.provider.kiosks.map((k) => k.id) ?? []) : undefined;
  const crossSold = parent && (crossSells.includes(productId) || p.chance(5));
  return withFreshIds(
    {
      ...head('AddProduct', aim),
      productId,
      quantity: p.int(1, 3),
      freshIds: [],
      ...(crossSold ? { crossSoldFromLineItemId: parent.line.id } : {}),
      ...(crossSold && p.chance(50) ? { crossSoldFromProductId: parent.line.productId } : {}),
      ...(variant === undefined ? {} : { productVariantId: variant }),
      ...(kioskId === undefined ? (p.chance(2) ? { kioskId: demo.unknownKioskId } : {}) : { kioskId }),
      ...(p.chance(10) ? { productGroupId: 'matchday' } : {}),
      ...(p.chance(10) ? { timestreamId: 'half-time' } : {}),
      ...(p.chance(10) ? { currency: p.chance(20) ? 'EUR' : demoCatalog.currency.code } : {}),
    },
    aim.n,
  );
};

/** A plain addProductToBasket of one unit of `productId` (of `variantId`), nothing else asked. */
export const aimedAdd =
  (productId: ProviderIdentity, variantId?: string): AimedCommand =>
  (_state, aim) =>
    withFreshIds(
      {
        ...head('AddProduct', aim),
        productId,
        quantity: 1,
        freshIds: [],
        ...(variantId === undefined ? {} : { productVariantId: variantId }),
      },
      aim.n,
    );

const selectSeats: AimedCommand = (_state, aim) => {
  const { p } = aim;
  const event = p.one(demo.events);
  const rateId = () => (p.chance(3) ? undefined : p.one(event?.rates ?? [])?.id) ?? demo.unknownRateId;
  const seatId = () => (p.chance(3) ? undefined : p.one(event ? seatIdsOf(event) : [])) ?? demo.unknownSeatId;
  const count = p.int(1, 3);
  const choice = p.chance(50)
    ? {
        seats: defined(Array.from({ length: count }, seatId)).map((seat) => ({
          rateId: rateId(),
          seatId: seat,
        })),
      }
    : {
        rates: defined(Array.from({ length: 2 }, rateId)).map((rate) => ({
          rateId: rate,
          quantity: p.int(1, 3),
        })),
      };
  return withFreshIds(
    { ...head('SelectSeats', aim), productId: event?.id ?? demo.unknownProductId, freshIds: [], ...choice },
    aim.n,
  );
};

const selectTimeSlot: AimedCommand = (_state, aim) => {
  const { p } = aim;
  const tour = p.one(demo.tours);
  const timeSlotId = (p.chance(3) ? undefined : p.one(tour?.timeSlots ?? [])?.id) ?? demo.unknownTimeSlotId;
  const asked = (tour?.rates ?? []).map((rate) => ({ rateId: rate.id, quantity: p.int(0, 2) }));
  const rates = asked.map((r, k) =>
    k === 0 && asked.every((q) => q.quantity === 0) ? { ...r, quantity: 1 } : r,
  );
  const unknownRate = p.chance(3) ? [{ rateId: demo.unknownRateId, quantity: 1 }] : [];
  return withFreshIds(
    {
      ...head('SelectTimeSlot', aim),
      productId: tour?.id ?? demo.unknownProductId,
      timeSlotId,
      rates: [...rates, ...unknownRate],
      freshIds: [],
    },
    aim.n,
  );
};

const setDeliveryMethod: AimedCommand = (state, aim) => {
  const pb = aim.p.one(providerBaskets(state));
  const method = pb && !aim.p.chance(5) ? aim.p.one(pb.terms.deliveryMethods) : undefined;
  return {
    ...head('SetDeliveryMethod', aim),
    providerBasketId: pb?.id ?? demo.unknownProviderBasketId,
    selection:
      pb && method
        ? aimedSelection(method, pb, state, aim, aim.p.chance(5))
        : { type: 'Digital', id: 'no-such-method' },
  };
};

const setCustomerDetails: AimedCommand = (state, aim) => {
  const { p } = aim;
  const required = requiredFields(providerBaskets(state).map((pb) => pb.terms.requiredCustomerDetails));
  const pool = required.length > 0 && p.chance(80) ? required : CustomerDetailFieldTypes;
  const types = defined(Array.from({ length: p.int(1, 3) }, () => p.one(pool)));
  return {
    ...head('SetCustomerDetails', aim),
    customerDetails: types.map((type) => (p.chance(10) ? { type } : detailValue(type, p.chance(30)))),
  };
};

const addVoucher: AimedCommand = (state, aim) => {
  const { p } = aim;
  const lines = placed(state).map(({ line }) => line);
  const matching = demo.vouchers.filter((v) =>
    lines.some((l) => l.productId === v.productId && variantIdOf(l) === v.variantId),
  );
  const code =
    (p.chance(80) ? p.one(matching)?.code : undefined) ??
    (p.chance(10) ? undefined : p.one(demo.voucherCodes));
  return { ...head('AddVoucher', aim), voucherCode: code ?? demo.unknownVoucherCode };
};

const removeVoucher: AimedCommand = (state, aim) => {
  const on = exists(state) ? state.vouchers.map((v) => v.code) : [];
  const code = (aim.p.chance(80) ? aim.p.one(on) : undefined) ?? aim.p.one(demo.voucherCodes);
  return { ...head('RemoveVoucher', aim), voucherCode: code ?? demo.unknownVoucherCode };
};

/**
 * One aimed command builder per basket command type: real ids of the demo catalog and of the
 * basket's own lines, with now and then a mistake a client makes (an unknown id, a spoilt value).
 */
export const aimedCommands: { readonly [T in BasketCommandType]: AimedCommand } = {
  CreateBasket: (_s, aim) => ({
    ...head('CreateBasket', aim),
    storeId: aim.p.one(demo.storeIds) ?? 'arena-web',
    currency: demoCatalog.currency,
  }),
  DeleteBasket: (_s, aim) => head('DeleteBasket', aim),
  AssignContact: (state, aim) => ({
    ...head('AssignContact', aim),
    contactId:
      (aim.p.chance(60) && exists(state) ? state.contactId : undefined) ??
      aim.p.one(demo.contactIds) ??
      'nobody',
  }),
  AddProduct: addProduct,
  SelectSeats: selectSeats,
  SelectTimeSlot: selectTimeSlot,
  DeleteLineItem: (state, aim) => ({ ...head('DeleteLineItem', aim), ...lineRef(aim.p.one(placed(state))) }),
  UpdateTimeSlotLine: (state, aim) => ({
    ...head('UpdateTimeSlotLine', aim),
    ...lineRef(lineFor(state, aim.p, (line) => line.type === 'TimeSlot')),
    ...(aim.p.chance(10) ? {} : { quantity: aim.p.int(1, 4) }),
  }),
  UpdateLineItemQuantity: (state, aim) => ({
    ...head('UpdateLineItemQuantity', aim),
    ...lineRef(lineFor(state, aim.p, (line) => line.type !== 'Ticketing')),
    quantity: aim.p.int(1, 4),
  }),
  SetDeliveryMethod: setDeliveryMethod,
  SetCustomerDetails: setCustomerDetails,
  AddVoucher: addVoucher,
  RemoveVoucher: removeVoucher,
  ExpireHolds: (_s, aim) => head('ExpireHolds', aim),
  LockForPayment: (_s, aim) => ({ ...head('LockForPayment', aim), paymentIntentId: intentIdOf(aim.n) }),
  ConfirmProviderBasket: (state, aim) => ({
    ...head('ConfirmProviderBasket', aim),
    paymentIntentId: intentOf(state, aim),
    providerBasketId:
      aim.p.one(providerBaskets(state).filter((pb) => !pb.confirmed))?.id ?? demo.unknownProviderBasketId,
  }),
  UnlockAfterPayment: (state, aim) => ({
    ...head('UnlockAfterPayment', aim),
    paymentIntentId: intentOf(state, aim),
    reason: aim.p.chance(30) ? 'provider-refused' : 'cancelled',
  }),
  CheckOut: (state, aim) => ({ ...head('CheckOut', aim), paymentIntentId: intentOf(state, aim) }),
};
