import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import type { BasketCommand } from './commands';
import { decideSetDeliveryMethod } from './decide-delivery';
import { decideSetCustomerDetails } from './decide-details';
import { expiryEvents } from './decide-expiry';
import {
  decideAssignContact,
  decideCheckOut,
  decideConfirmProviderBasket,
  decideCreateBasket,
  decideDeleteBasket,
  decideLockForPayment,
  decideUnlockAfterPayment,
} from './decide-lifecycle';
import { decideDeleteLineItem, decideUpdateLineItemQuantity, decideUpdateTimeSlotLine } from './decide-lines';
import { decideAddProduct } from './decide-products';
import { withTidying } from './decide-removal';
import { decideSelectSeats } from './decide-seats';
import type { Decision } from './decide-support';
import { refuse, unchanged } from './decide-support';
import { decideSelectTimeSlot } from './decide-time-slots';
import type { BasketFacts } from './facts';
import { refusalOn } from './guards';
import type { BasketState, ExistingBasket } from './state';
import { exists } from './state';
import { foldInTable, inTable } from './table-check';
import { decideAddVoucher, decideRemoveVoucher } from './vouchers';

/** The command's own decision on a basket that exists and passed the guards. */
const decideOn = (command: BasketCommand, state: ExistingBasket, facts: BasketFacts): Decision => {
  switch (command.type) {
    case 'CreateBasket':
      return decideCreateBasket(command, state);
    case 'DeleteBasket':
      return decideDeleteBasket(command);
    case 'AssignContact':
      return decideAssignContact(command, state);
    case 'AddProduct':
      return decideAddProduct(command, state, facts);
    case 'SelectSeats':
      return decideSelectSeats(command, state, facts);
    case 'SelectTimeSlot':
      return decideSelectTimeSlot(command, state, facts);
    case 'DeleteLineItem':
      return decideDeleteLineItem(command, state);
    case 'UpdateTimeSlotLine':
      return decideUpdateTimeSlotLine(command, state, facts);
    case 'UpdateLineItemQuantity':
      return decideUpdateLineItemQuantity(command, state, facts);
    case 'SetDeliveryMethod':
      return decideSetDeliveryMethod(command, state);
    case 'SetCustomerDetails':
      return decideSetCustomerDetails(command, state);
    case 'AddVoucher':
      return decideAddVoucher(command, state, facts);
    case 'RemoveVoucher':
      return decideRemoveVoucher(command, state);
    case 'ExpireHolds':
      return unchanged;
    case 'LockForPayment':
      return decideLockForPayment(command, state);
    case 'ConfirmProviderBasket':
      return decideConfirmProviderBasket(command, state);
    case 'UnlockAfterPayment':
      return decideUnlockAfterPayment(command, state);
    case 'CheckOut':
      return decideCheckOut(command, state);
  }
};

/**
 * Decides a basket command. Holds that ran out by the command's `at` go first (C-7.8: no decision
 * ever sees an expired hold): their `ProviderBasketExpired` events lead the answer, and the command
 * is decided on the state they leave. Then the guards (C-1.7's existence and state problems, the
 * status's from the transition table), then the command's own rules; a change to lines closes
 * provider baskets left empty (C-7.2) and drops vouchers left without a matching line (C-7.11).
 * Every answer is checked against the transition table, as the payment intent's is: an event it
 * does not allow is the status's problem, never a thrown error.
 */
export const decideBasket = (command: BasketCommand, state: BasketState, facts: BasketFacts): Decision => {
  if (command.type === 'CreateBasket') {
    return E.flatMap(decideCreateBasket(command, state), (events) => inTable(state, events));
  }
  const expired = expiryEvents(state, command.at);
  return pipe(
    foldInTable(state, expired),
    E.flatMap((current) => {
      const refusal = refusalOn(command, current);
      if (refusal) return E.left(refusal);
      if (!exists(current)) return refuse('basket-not-found', `no basket ${command.basketId}`);
      return E.flatMap(decideOn(command, current, facts), (events) =>
        withTidying(current, events, command.at),
      );
    }),
    E.map((events) => [...expired, ...events]),
  );
};
