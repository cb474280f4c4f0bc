import type { Instant } from '../primitives/instant';
import { mergeCustomerDetails } from './customer-details';
import type { BasketEvent } from './events';
import type { Line } from './line';
import { transitionOf } from './machine';
import type { BasketState, ExistingBasket, ProviderBasketState } from './state';

/*
 * The fold is on every load and after every decision, so it copies only what an event changes (no
 * drafts, no decoding): states are never mutated, unchanged parts are shared between versions.
 */

type PbChange = (pb: ProviderBasketState) => ProviderBasketState;

/** `providerBaskets` with the one of `id` replaced by `change(it)`; the same array when there is none. */
const changeProviderBasket = (
  providerBaskets: ReadonlyArray<ProviderBasketState>,
  id: string,
  change: PbChange,
): ReadonlyArray<ProviderBasketState> => {
  const index = providerBaskets.findIndex((pb) => pb.id === id);
  if (index < 0) return providerBaskets;
  const copy = providerBaskets.slice();
  copy[index] = change(providerBaskets[index] as ProviderBasketState);
  return copy;
};

/** `pb` with the line of `lineItemId` replaced by `change(it)`; `pb` itself when there is no such line. */
const changeLine = (
  pb: ProviderBasketState,
  lineItemId: string,
  at: Instant,
  change: (line: Line) => Line | undefined,
): ProviderBasketState => {
  const index = pb.lines.findIndex((l) => l.id === lineItemId);
  if (index < 0) return pb;
  const changed = change(pb.lines[index] as Line);
  if (changed === undefined) return pb;
  const lines = pb.lines.slice();
  lines[index] = changed;
  return { ...pb, lines, holdsRestartedAt: at };
};

/** The rest of the basket after `event`, once its status and `updated` are set. */
const applied = (state: ExistingBasket, event: BasketEvent): ExistingBasket => {
  switch (event.type) {
    case 'BasketCreated':
    case 'BasketDeleted':
    case 'BasketCheckedOut':
      return state;
    case 'ContactAssigned':
      return { ...state, contactId: event.contactId };
    case 'ProviderBasketOpened':
      return {
        ...state,
        providerBaskets: [
          ...state.providerBaskets,
          {
            id: event.providerBasketId,
            terms: event.terms,
            lines: [],
            selections: [],
            holdsRestartedAt: event.at,
            confirmed: false,
          },
        ],
      };
    case 'ProviderBasketClosed':
    case 'ProviderBasketExpired':
      return {
        ...state,
        providerBaskets: state.providerBaskets.filter((pb) => pb.id !== event.providerBasketId),
      };
    case 'LineItemAdded':
      return {
        ...state,
        providerBaskets: changeProviderBasket(state.providerBaskets, event.providerBasketId, (pb) => ({
          ...pb,
          lines: [...pb.lines, event.line],
          holdsRestartedAt: event.at,
        })),
      };
    case 'LineItemQuantityChanged':
      return {
        ...state,
        providerBaskets: changeProviderBasket(state.providerBaskets, event.providerBasketId, (pb) =>
          changeLine(pb, event.lineItemId, event.at, (line) =>
            line.type === 'Ticketing' ? undefined : { ...line, quantity: event.quantity },
          ),
        ),
      };
    case 'TicketsReplaced':
      return {
        ...state,
        providerBaskets: changeProviderBasket(state.providerBaskets, event.providerBasketId, (pb) =>
          changeLine(pb, event.lineItemId, event.at, (line) =>
            line.type === 'Ticketing' ? { ...line, tickets: event.tickets } : undefined,
          ),
        ),
      };
    case 'LineItemRemoved':
      return {
        ...state,
        providerBaskets: changeProviderBasket(state.providerBaskets, event.providerBasketId, (pb) => ({
          ...pb,
          lines: pb.lines.filter((l) => l.id !== event.lineItemId),
          // Expiry is no customer's change to the lines: it restarts no hold (C-7.8).
          holdsRestartedAt: event.reason === 'cross-sell-parent-expired' ? pb.holdsRestartedAt : event.at,
        })),
      };
    case 'DeliveryMethodSelected':
      return {
        ...state,
        providerBaskets: changeProviderBasket(state.providerBaskets, event.providerBasketId, (pb) => ({
          ...pb,
          selections: [...pb.selections.filter((s) => s.id !== event.selection.id), event.selection],
        })),
      };
    case 'DeliveryMethodDeselected':
      return {
        ...state,
        providerBaskets: changeProviderBasket(state.providerBaskets, event.providerBasketId, (pb) => ({
          ...pb,
          selections: pb.selections.filter((s) => s.id !== event.deliveryMethodId),
        })),
      };
    case 'CustomerDetailsSet':
      return {
        ...state,
        customerDetails: mergeCustomerDetails(state.customerDetails, event.customerDetails),
      };
    case 'VoucherAdded':
      return { ...state, vouchers: [...state.vouchers, event.voucher] };
    case 'VoucherRemoved':
      return { ...state, vouchers: state.vouchers.filter((v) => v.code !== event.voucherCode) };
    case 'BasketLocked':
      return { ...state, activePaymentIntentId: event.paymentIntentId };
    case 'ProviderBasketConfirmed':
      return {
        ...state,
        providerBaskets: changeProviderBasket(state.providerBaskets, event.providerBasketId, (pb) => ({
          ...pb,
          confirmed: true,
        })),
      };
    case 'BasketUnlocked': {
      const { activePaymentIntentId: _unlocked, ...rest } = state;
      return {
        ...rest,
        providerBaskets: state.providerBaskets.map((pb) => ({
          ...pb,
          confirmed: false,
          holdsRestartedAt: event.notRestarted?.includes(pb.id) === true ? pb.holdsRestartedAt : event.at,
        })),
      };
    }
  }
};

/** Folds one basket event. Events are facts: an event the state machine does not allow is a bug. */
export const evolveBasket = (state: BasketState, event: BasketEvent): BasketState => {
  const status = transitionOf(state.status, event.type);
  if (status === undefined || status === 'none') {
    throw new Error(`basket cannot take ${event.type} in status ${state.status}`);
  }
  if (event.type === 'BasketCreated') {
    return {
      status,
      id: event.basketId,
      storeId: event.storeId,
      currency: event.currency,
      created: event.at,
      updated: event.at,
      providerBaskets: [],
      customerDetails: [],
      vouchers: [],
    };
  }
  if (state.status === 'none') throw new Error(`basket event ${event.type} before BasketCreated`);
  return { ...applied(state, event), status, updated: event.at };
};
