import {
  type BasketCommand,
  type BasketCommandType,
  type BasketState,
  coveringMethodIds,
  exists,
  type Line,
  missingCustomerDetails,
  variantIdOf,
} from '@basket/core';
import type { Aim, AimedCommand } from './aim';
import { aimedAdd, aimedCommands, aimedSelection } from './aimed-commands';
import { demoCatalogIndex, demoCatalogTargets, detailValue } from './catalog-fixture';

/*
 * What each step of a generated history asks of the basket: its own commands, made possible first
 * where the basket lacks what they need, and the commands of its ending.
 */

/** A step's command, or none when the basket does not call for it. */
export type Builder = (state: BasketState, aim: Aim) => BasketCommand | undefined;

/** Within a step, time passing before its next command: long enough, holds run out (C-7.8). */
export type Wait = { readonly waitMinutes: number };

/** What a step is made of, in order. */
export type StepPart = Builder | Wait;

const lines = (s: BasketState): ReadonlyArray<Line> =>
  exists(s) ? s.providerBaskets.flatMap((pb) => pb.lines) : [];

/** `build`, unless the basket already has a line that `enough` takes. */
const unless =
  (enough: (line: Line) => boolean, build: AimedCommand): Builder =>
  (state, aim) =>
    lines(state).some(enough) || aim.p.chance(10) ? undefined : build(state, aim);

const ifLocked =
  (build: AimedCommand, percent = 100): Builder =>
  (state, aim) =>
    state.status === 'locked' && aim.p.chance(percent) ? build(state, aim) : undefined;

/** Adds the product a voucher of the catalog names, for the voucher to apply to (C-7.11). */
const addVoucherProduct: Builder = (state, aim) => {
  const voucher = aim.p.one(demoCatalogTargets.vouchers.filter((v) => v.validUntil === undefined));
  const present = (l: Line) => l.productId === voucher?.productId && variantIdOf(l) === voucher.variantId;
  return voucher && !lines(state).some(present)
    ? aimedAdd(voucher.productId, voucher.variantId)(state, aim)
    : undefined;
};

/** One unit of a product on sale, so that the basket is not empty (C-8.1). */
const fillIfEmpty: Builder = (state, aim) => {
  const product = aim.p.one(demoCatalogTargets.addable.filter((x) => x.onSale && x.type === 'Consumable'));
  return product && lines(state).length === 0 ? aimedAdd(product.id)(state, aim) : undefined;
};

const giveMissingDetails: Builder = (state, aim) => {
  const missing = exists(state) ? missingCustomerDetails(state) : [];
  if (missing.length === 0) return undefined;
  return {
    ...aimedCommands.SetCustomerDetails(state, aim),
    customerDetails: missing.map((type) => detailValue(type)),
  };
};

/** Selects a delivery method for the first line that none covers (C-7.9, C-8.1). */
const coverDelivery: Builder = (state, aim) => {
  for (const pb of exists(state) ? state.providerBaskets : []) {
    const covering = coveringMethodIds(pb);
    const line = pb.lines.find(
      (l) =>
        l.deliveryMethodIdOptions.length > 0 && !l.deliveryMethodIdOptions.some((id) => covering.has(id)),
    );
    const methods = pb.terms.deliveryMethods.filter((m) => line?.deliveryMethodIdOptions.includes(m.id));
    const method = methods.find((m) => m.type !== 'InSeat') ?? methods[0];
    if (method) {
      const selection = aimedSelection(method, pb, state, aim);
      return { ...aimedCommands.SetDeliveryMethod(state, aim), providerBasketId: pb.id, selection };
    }
  }
  return undefined;
};

/** In-seat delivery to a seat of the basket, where a provider basket offers it (C-7.9). */
const deliverToSeat: Builder = (state, aim) => {
  const seated = lines(state).some((l) => l.type === 'Ticketing');
  for (const pb of seated && exists(state) ? state.providerBaskets : []) {
    const method = pb.terms.deliveryMethods.find((m) => m.type === 'InSeat');
    if (method) {
      const selection = aimedSelection(method, pb, state, aim);
      return { ...aimedCommands.SetDeliveryMethod(state, aim), providerBasketId: pb.id, selection };
    }
  }
  return undefined;
};

/** A product the basket's first ticket cross-sells, added as cross-sold from that ticket's line (C-7.4). */
const crossSellFromTicket: Builder = (state, aim) => {
  const ticket = lines(state).find((l) => l.type === 'Ticketing');
  if (ticket === undefined) return undefined;
  const crossSold = aim.p.one(demoCatalogIndex.products.get(ticket.productId)?.product.crossSells ?? []);
  const command = crossSold && aimedAdd(crossSold)(state, aim);
  return command?.type === 'AddProduct' ? { ...command, crossSoldFromLineItemId: ticket.id } : undefined;
};

/** The provider of a cross-sold line's provider basket confirms it (C-8.2). */
const confirmCrossSold: Builder = (state, aim) => {
  const pb = exists(state)
    ? state.providerBaskets.find((p) => !p.confirmed && p.lines.some((l) => l.crossSoldFromLineItemId))
    : undefined;
  const command = ifLocked(aimedCommands.ConfirmProviderBasket)(state, aim);
  return pb && command?.type === 'ConfirmProviderBasket'
    ? { ...command, providerBasketId: pb.id }
    : undefined;
};

/** The provider of the first unconfirmed provider basket confirms it (C-8.2). */
const confirmOne =
  (percent: number): Builder =>
  (state, aim) => {
    const pb = exists(state) ? state.providerBaskets.find((p) => !p.confirmed) : undefined;
    const command = ifLocked(aimedCommands.ConfirmProviderBasket, percent)(state, aim);
    return pb && command?.type === 'ConfirmProviderBasket'
      ? { ...command, providerBasketId: pb.id }
      : undefined;
  };

/** What the payment saga does for createPaymentIntent (C-8.1 to C-8.5), the basket made payable first. */
const paymentAttempt = (settle: 'prepare' | 'cancel' | 'wait' | 'pay'): ReadonlyArray<Builder> => [
  fillIfEmpty,
  giveMissingDetails,
  ...Array.from({ length: 6 }, () => coverDelivery),
  aimedCommands.LockForPayment,
  ...(settle === 'prepare' ? [] : Array.from({ length: 5 }, () => confirmOne(settle === 'pay' ? 100 : 60))),
  ...(settle === 'cancel' ? [ifLocked(aimedCommands.UnlockAfterPayment)] : []),
  ...(settle === 'pay' ? [ifLocked(aimedCommands.CheckOut)] : []),
];

type Kind =
  | BasketCommandType
  | 'PayThenCancel'
  | 'PayAndWait'
  | 'SeatsChangeUnderInSeatDelivery'
  | 'CrossSellParentRunsOutWhileLocked';
export type HistoryEnding = 'open' | 'locked' | 'checkedOut' | 'deleted';

export const bodyKinds: ReadonlyArray<readonly [Kind, number]> = [
  ['AddProduct', 6],
  ['SelectSeats', 4],
  ['SelectTimeSlot', 3],
  ['DeleteLineItem', 2],
  ['UpdateTimeSlotLine', 2],
  ['UpdateLineItemQuantity', 2],
  ['SetDeliveryMethod', 2],
  ['SetCustomerDetails', 2],
  ['AddVoucher', 2],
  ['RemoveVoucher', 1],
  ['AssignContact', 1],
  ['ExpireHolds', 1],
  ['LockForPayment', 1],
  ['ConfirmProviderBasket', 1],
  ['UnlockAfterPayment', 1],
  ['PayThenCancel', 2],
  ['PayAndWait', 1],
  ['SeatsChangeUnderInSeatDelivery', 1],
  ['CrossSellParentRunsOutWhileLocked', 1],
];

/** A step's commands: mostly its own, made possible first where the basket lacks what it needs. */
export const planOf = (kind: Kind): ReadonlyArray<StepPart> => {
  switch (kind) {
    case 'PayThenCancel':
      return paymentAttempt('cancel');
    case 'PayAndWait':
      return paymentAttempt('wait');
    case 'SeatsChangeUnderInSeatDelivery':
      // Food delivered to a seat, then the seats change: the selection goes with its seat.
      return [
        unless((l) => l.type === 'Ticketing', aimedCommands.SelectSeats),
        (state, aim) => {
          const food = aim.p.one(demoCatalogTargets.inSeatFood);
          return food && aimedAdd(food.id)(state, aim);
        },
        deliverToSeat,
        aimedCommands.SelectSeats,
      ];
    case 'CrossSellParentRunsOutWhileLocked':
      // Locked for payment, the cross-sold line's provider confirmed, the ticket's hold runs out
      // before its provider answers; the unlock then takes the cross-sold line with it (C-7.4, C-8.3).
      return [
        unless((l) => l.type === 'Ticketing', aimedCommands.SelectSeats),
        crossSellFromTicket,
        ...paymentAttempt('prepare'),
        confirmCrossSold,
        { waitMinutes: 40 },
        ifLocked(aimedCommands.UnlockAfterPayment),
      ];
    case 'DeleteLineItem':
      return [unless(() => true, aimedCommands.AddProduct), aimedCommands.DeleteLineItem];
    case 'UpdateTimeSlotLine':
      return [
        unless((l) => l.type === 'TimeSlot', aimedCommands.SelectTimeSlot),
        aimedCommands.UpdateTimeSlotLine,
      ];
    case 'UpdateLineItemQuantity':
      return [
        unless((l) => l.type !== 'Ticketing', aimedCommands.AddProduct),
        aimedCommands.UpdateLineItemQuantity,
      ];
    case 'AddVoucher':
      return [addVoucherProduct, aimedCommands.AddVoucher];
    case 'RemoveVoucher':
      return [addVoucherProduct, aimedCommands.AddVoucher, aimedCommands.RemoveVoucher];
    default:
      return [aimedCommands[kind]];
  }
};

export const endingPlan = (ending: HistoryEnding): ReadonlyArray<Builder> => {
  switch (ending) {
    case 'open':
      return [];
    case 'locked':
      return paymentAttempt('wait');
    case 'checkedOut':
      return paymentAttempt('pay');
    case 'deleted':
      return [ifLocked(aimedCommands.UnlockAfterPayment), aimedCommands.DeleteBasket];
  }
};
