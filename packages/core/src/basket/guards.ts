import type { DomainProblem } from '../decider';
import { problem } from '../decider';
import type { Instant } from '../primitives/instant';
import type { BasketCommand, BasketCommandType } from './commands';
import { customerDetailsUnchanged, requiredFields } from './customer-details';
import { afterExpiry } from './decide-expiry';
import type { BasketEventType } from './events';
import { commandMayRecord, commandTransitions, customerCommandTypes, statusProblems } from './machine';
import type { BasketState, ExistingBasket, ProviderBasketState } from './state';
import { exists } from './state';
import { hasVoucher } from './vouchers';

export { crossSoldOrphans, expiredProviderBaskets, providerBasketExpires } from './decide-expiry';

const customerCommands: ReadonlySet<BasketCommandType> = new Set(customerCommandTypes);

export const isCustomerCommand = (command: BasketCommand): boolean => customerCommands.has(command.type);

/** The problem of the basket's status (`statusProblems`, the one map), with what it is about. */
export const statusProblem = (state: BasketState, basketId: string): DomainProblem | undefined => {
  const code = statusProblems[state.status];
  if (code === undefined) return undefined;
  switch (state.status) {
    case 'locked':
      return problem(code, `payment intent ${state.activePaymentIntentId ?? ''} is active`);
    case 'checkedOut':
      return problem(code, 'the basket has been paid for');
    default:
      return problem(code, `no basket ${basketId}`);
  }
};

/** Statuses in which the basket does not exist for any command: refused first (C-1.7). */
const absent = (state: BasketState): boolean => statusProblems[state.status] === 'basket-not-found';

/** The transition `command` asks of the table on `state`; a lock by the intent that holds the basket asks none. */
const transitionAsked = (command: BasketCommand, state: ExistingBasket): BasketEventType | undefined => {
  if (command.type !== 'LockForPayment') return commandTransitions[command.type];
  const held = state.status === 'locked' && state.activePaymentIntentId === command.paymentIntentId;
  return held ? undefined : 'BasketLocked';
};

/** The provider basket and line a command's path names must exist (C-1.7: 404 before 409). */
const pathRefusal = (command: BasketCommand, state: ExistingBasket): DomainProblem | undefined => {
  switch (command.type) {
    case 'DeleteLineItem':
    case 'UpdateTimeSlotLine':
    case 'UpdateLineItemQuantity':
    case 'SetDeliveryMethod': {
      const pb = state.providerBaskets.find((p) => p.id === command.providerBasketId);
      if (!pb) return problem('provider-basket-not-found', `no provider basket ${command.providerBasketId}`);
      if (command.type === 'SetDeliveryMethod') return undefined;
      return pb.lines.some((l) => l.id === command.lineItemId)
        ? undefined
        : problem('line-item-not-found', `no line item ${command.lineItemId} in ${pb.id}`);
    }
    default:
      return undefined;
  }
};

/**
 * A status whose row in the transition table does not let the command record what it asks is the
 * status's problem (C-8.3: locked takes only the payment saga's commands; C-8.5: paid takes none).
 */
const statusRefusal = (command: BasketCommand, state: ExistingBasket): DomainProblem | undefined => {
  const asked = transitionAsked(command, state);
  return asked === undefined || commandMayRecord(state.status, asked)
    ? undefined
    : statusProblem(state, command.basketId);
};

/**
 * The refusals of `command` on exactly `state` (no expiry applied), in the order of C-1.7: the
 * basket's existence, the contact of assign-contact (C-2.6, in the ownership position), the
 * existence of the path's provider basket and line, then the basket's state (locked, checked out).
 */
export const refusalOn = (command: BasketCommand, state: BasketState): DomainProblem | undefined => {
  if (command.type === 'CreateBasket') {
    return exists(state) ? problem('validation-failed', `basket ${state.id} already exists`) : undefined;
  }
  if (!exists(state) || absent(state)) return statusProblem(state, command.basketId);
  // C-1.7: for assign-contact, C-2.6's conflict stands in the ownership position, before the state.
  if (
    command.type === 'AssignContact' &&
    state.contactId !== undefined &&
    state.contactId !== command.contactId
  ) {
    return problem('contact-conflict', 'the basket is assigned to another contact');
  }
  return pathRefusal(command, state) ?? statusRefusal(command, state);
};

/**
 * What the app answers synchronously (C-1.7's 404s and 409s) for `command` on `state`, once the
 * holds that ran out by the command's `at` are gone (C-7.8); undefined when the command may be
 * accepted.
 */
export const syncRefusal = (command: BasketCommand, state: BasketState): DomainProblem | undefined =>
  refusalOn(command, afterExpiry(state, command.at));

/**
 * C-4.1's "nothing to change" (204): equal customer details, a voucher already on, one not on,
 * judged like every answer once the holds that ran out by the command's `at` are gone (C-7.8): a
 * voucher whose only line ran out is no longer on the basket.
 */
export const nothingToChange = (command: BasketCommand, recorded: BasketState): boolean => {
  if (!exists(recorded)) return false;
  const state = afterExpiry(recorded, command.at);
  if (!exists(state)) return false;
  switch (command.type) {
    case 'SetCustomerDetails':
      return customerDetailsUnchanged(state.customerDetails, command.customerDetails);
    case 'AddVoucher':
      return hasVoucher(state, command.voucherCode);
    case 'RemoveVoucher':
      return !hasVoucher(state, command.voucherCode);
    default:
      return false;
  }
};

/** Ids of the methods that cover lines of `pb`: its selections and its always-included methods (C-7.9). */
export const coveringMethodIds = (pb: ProviderBasketState): ReadonlySet<string> =>
  new Set([
    ...pb.selections.map((s) => s.id),
    ...pb.terms.deliveryMethods.filter((m) => m.type === 'Digital' && m.alwaysIncluded).map((m) => m.id),
  ]);

const uncoveredLine = (state: ExistingBasket) => {
  for (const pb of state.providerBaskets) {
    const covering = coveringMethodIds(pb);
    const line = pb.lines.find(
      (l) =>
        l.deliveryMethodIdOptions.length > 0 && !l.deliveryMethodIdOptions.some((id) => covering.has(id)),
    );
    if (line) return line;
  }
  return undefined;
};

/** Required customer detail fields without a stored value (C-7.12). */
export const missingCustomerDetails = (state: ExistingBasket) => {
  const required = requiredFields(state.providerBaskets.map((pb) => pb.terms.requiredCustomerDetails));
  return required.filter((type) => !state.customerDetails.some((d) => d.type === type));
};

/** createPaymentIntent's preconditions (C-8.1), judged once holds that ran out by `at` are gone. */
export const paymentPreconditions = (state: BasketState, at: Instant): DomainProblem | undefined => {
  const current = afterExpiry(state, at);
  if (!exists(current) || absent(current)) return problem('basket-not-found', 'no such basket');
  if (current.providerBaskets.every((pb) => pb.lines.length === 0)) {
    return problem('basket-empty', 'the basket has no line items');
  }
  const uncovered = uncoveredLine(current);
  if (uncovered) {
    return problem(
      'delivery-not-covered',
      `line item ${uncovered.id} needs one of the delivery methods ${uncovered.deliveryMethodIdOptions.join(', ')}`,
    );
  }
  const missing = missingCustomerDetails(current);
  if (missing.length > 0)
    return problem('customer-details-missing', `missing customer details: ${missing.join(', ')}`);
  return undefined;
};
