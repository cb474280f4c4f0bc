import type { BasketEventType } from './events';
import type { BasketState } from './state';

type Status = BasketState['status'];

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
    BasketUnlocked: 'open',
    BasketCheckedOut: 'checkedOut',
  },
  checkedOut: {},
  deleted: {},
};

export const transitionOf = (status: Status, event: BasketEventType): Status | undefined =>
  basketTransitions[status][event];
