import type { ProblemCode } from '../primitives/problem-code';
import type { BasketCommandType } from './commands';
import type { BasketEventType } from './events';
import type { BasketLifecycle } from './state';

type Status = BasketLifecycle;

const lineEvents = [
  'ContactAssigned',
  'ProviderBasketOpened',
  'ProviderBasketClosed',
  'LineItemAdded',
  'LineItemQuantityChanged',
  'TicketsReplaced',
  'LineItemRemoved',
  'ProviderBasketExpired',
  'DeliveryMethodSelected',
  'DeliveryMethodDeselected',
  'CustomerDetailsSet',
  'VoucherAdded',
  'VoucherRemoved',
] as const satisfies ReadonlyArray<BasketEventType>;

const stay = <S extends Status>(status: S, events: ReadonlyArray<BasketEventType>) =>
  Object.fromEntries(events.map((e) => [e, status])) as Partial<Record<BasketEventType, S>>;

/**
 * The basket's lifecycle as a table: status × event → status. Anything missing is not a
 * transition. Locked (an active payment intent, C-8.3) takes only the payment saga's events and
 * expiry of holds nobody confirmed; checked out (C-8.5) and deleted (C-7.14) take nothing.
 */
export const basketTransitions: Readonly<Record<Status, Partial<Record<BasketEventType, Status>>>> = {
  none: { BasketCreated: 'open' },
  open: { ...stay('open', lineEvents), BasketLocked: 'locked', BasketDeleted: 'deleted' },
  locked: {
    ProviderBasketConfirmed: 'locked',
    ProviderBasketExpired: 'locked',
    VoucherRemoved: 'locked',
    DeliveryMethodDeselected: 'locked',
    BasketUnlocked: 'open',
    BasketCheckedOut: 'checkedOut',
  },
  checkedOut: {},
  deleted: {},
};

export const transitionOf = (status: Status, event: BasketEventType): Status | undefined =>
  basketTransitions[status][event];

/**
 * Transitions that only expiry takes (C-7.8): in a locked basket, holds nobody confirmed still run
 * out and the vouchers and in-seat selections they leave without a line or seat go, but no command
 * changes them (C-8.3).
 */
const byExpiryOnly: Readonly<Partial<Record<Status, ReadonlyArray<BasketEventType>>>> = {
  locked: ['ProviderBasketExpired', 'VoucherRemoved', 'DeliveryMethodDeselected'],
};

/** Whether a command (not expiry) may record `event` on a basket in `status`. */
export const commandMayRecord = (status: Status, event: BasketEventType): boolean =>
  transitionOf(status, event) !== undefined && !(byExpiryOnly[status] ?? []).includes(event);

/** The one answer to a command a status does not take (C-1.7's 404 and 409s, C-8.3, C-8.5, C-7.14). */
export const statusProblems: Readonly<Record<Status, ProblemCode | undefined>> = {
  none: 'basket-not-found',
  open: undefined,
  locked: 'basket-locked',
  checkedOut: 'basket-checked-out',
  deleted: 'basket-not-found',
};

/**
 * The transition each customer command asks of the table: the event it exists to record. A
 * status whose row does not let a command record it refuses the command with the status's problem,
 * before the command's own rules (C-1.7). The payment saga's commands are judged by their payment
 * intent first (C-8.3): LockForPayment asks BasketLocked unless its intent holds the basket already
 * (`guards.ts`), and a continuation of an intent that does not hold the basket is
 * `payment-intent-state` (`decide-lifecycle.ts`). ExpireHolds records nothing itself (expiry
 * precedes every command); CreateBasket is decided on the empty stream.
 */
export const commandTransitions: Readonly<Record<BasketCommandType, BasketEventType | undefined>> = {
  DeleteBasket: 'BasketDeleted',
  AssignContact: 'ContactAssigned',
  AddProduct: 'LineItemAdded',
  SelectSeats: 'LineItemAdded',
  SelectTimeSlot: 'LineItemAdded',
  DeleteLineItem: 'LineItemRemoved',
  UpdateTimeSlotLine: 'LineItemQuantityChanged',
  UpdateLineItemQuantity: 'LineItemQuantityChanged',
  SetDeliveryMethod: 'DeliveryMethodSelected',
  SetCustomerDetails: 'CustomerDetailsSet',
  AddVoucher: 'VoucherAdded',
  RemoveVoucher: 'VoucherRemoved',
  CreateBasket: undefined,
  ExpireHolds: undefined,
  LockForPayment: undefined,
  ConfirmProviderBasket: undefined,
  UnlockAfterPayment: undefined,
  CheckOut: undefined,
};

/**
 * Commands a customer sends through the interface: those the table judges by the event they record
 * (the rest come from the payment saga or a sweeper, or create the basket).
 */
export const customerCommandTypes: ReadonlyArray<BasketCommandType> = (
  Object.keys(commandTransitions) as ReadonlyArray<BasketCommandType>
).filter((type) => commandTransitions[type] !== undefined);
