import { castDraft, type Draft, produce } from 'immer';
import type { Instant } from '../wire';
import { mergeCustomerDetails } from './customer-details';
import type { BasketEvent } from './events';
import { transitionOf } from './machine';
import type { BasketState, ExistingBasket, ProviderBasketState } from './state';

const providerBasket = (draft: Draft<ExistingBasket>, id: string): Draft<ProviderBasketState> | undefined =>
  draft.providerBaskets.find((pb) => pb.id === id);

const touchLines = (pb: Draft<ProviderBasketState>, at: Instant): void => {
  pb.holdsRestartedAt = at;
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
  return produce(state, (draft) => {
    draft.status = status;
    draft.updated = event.at;
    switch (event.type) {
      case 'BasketDeleted':
      case 'BasketCheckedOut':
        return;
      case 'ContactAssigned':
        draft.contactId = event.contactId;
        return;
      case 'ProviderBasketOpened':
        draft.providerBaskets.push({
          id: event.providerBasketId,
          terms: castDraft(event.terms),
          lines: [],
          selections: [],
          holdsRestartedAt: event.at,
          confirmed: false,
        });
        return;
      case 'ProviderBasketClosed':
      case 'ProviderBasketExpired':
        draft.providerBaskets = draft.providerBaskets.filter((pb) => pb.id !== event.providerBasketId);
        return;
      case 'LineItemAdded': {
        const pb = providerBasket(draft, event.providerBasketId);
        if (!pb) return;
        pb.lines.push(castDraft(event.line));
        touchLines(pb, event.at);
        return;
      }
      case 'LineItemQuantityChanged': {
        const pb = providerBasket(draft, event.providerBasketId);
        const line = pb?.lines.find((l) => l.id === event.lineItemId);
        if (!pb || !line || line.type === 'Ticketing') return;
        line.quantity = event.quantity;
        touchLines(pb, event.at);
        return;
      }
      case 'TicketsReplaced': {
        const pb = providerBasket(draft, event.providerBasketId);
        const line = pb?.lines.find((l) => l.id === event.lineItemId);
        if (!pb || !line || line.type !== 'Ticketing') return;
        line.tickets = castDraft(event.tickets);
        touchLines(pb, event.at);
        return;
      }
      case 'LineItemRemoved': {
        const pb = providerBasket(draft, event.providerBasketId);
        if (!pb) return;
        pb.lines = pb.lines.filter((l) => l.id !== event.lineItemId);
        // Expiry is no customer's change to the lines: it restarts no hold (C-7.8).
        if (event.reason !== 'cross-sell-parent-expired') touchLines(pb, event.at);
        return;
      }
      case 'DeliveryMethodSelected': {
        const pb = providerBasket(draft, event.providerBasketId);
        if (!pb) return;
        pb.selections = castDraft([
          ...pb.selections.filter((s) => s.id !== event.selection.id),
          event.selection,
        ]);
        return;
      }
      case 'CustomerDetailsSet':
        draft.customerDetails = castDraft(mergeCustomerDetails(draft.customerDetails, event.customerDetails));
        return;
      case 'VoucherAdded':
        draft.vouchers.push(castDraft(event.voucher));
        return;
      case 'VoucherRemoved':
        draft.vouchers = draft.vouchers.filter((v) => v.code !== event.code);
        return;
      case 'BasketLocked':
        draft.activePaymentIntentId = event.paymentIntentId;
        return;
      case 'ProviderBasketConfirmed': {
        const pb = providerBasket(draft, event.providerBasketId);
        if (pb) pb.confirmed = true;
        return;
      }
      case 'BasketUnlocked':
        draft.activePaymentIntentId = undefined;
        for (const pb of draft.providerBaskets) {
          pb.confirmed = false;
          touchLines(pb, event.at);
        }
        return;
    }
  });
};
