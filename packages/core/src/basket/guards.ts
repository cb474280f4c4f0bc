import type { DomainProblem } from '../decider';
import { problem } from '../decider';
import type { Instant } from '../primitives/instant';
import type { BasketCommand } from './commands';
import { customerCommandTypes } from './commands';
import { customerDetailsUnchanged, requiredFields } from './customer-details';
import { afterExpiry } from './decide-expiry';
import type { BasketState, ExistingBasket, ProviderBasketState } from './state';
import { exists } from './state';

export { crossSoldOrphans, expiredProviderBaskets, providerBasketExpires } from './decide-expiry';

const customerCommands: ReadonlySet<string> = new Set(customerCommandTypes);

export const isCustomerCommand = (command: BasketCommand): boolean => customerCommands.has(command.type);

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

/** Locked baskets take only the payment saga's commands (C-8.3); paid ones take none (C-8.5). */
const statusRefusal = (command: BasketCommand, state: ExistingBasket): DomainProblem | undefined => {
  const byCustomer = isCustomerCommand(command) || command.type === 'LockForPayment';
  if (!byCustomer) return undefined;
  if (state.status === 'checkedOut') return problem('basket-checked-out', 'the basket has been paid for');
  if (state.status !== 'locked') return undefined;
  if (command.type === 'LockForPayment' && command.paymentIntentId === state.activePaymentIntentId)
    return undefined;
  return problem('basket-locked', `payment intent ${state.activePaymentIntentId ?? ''} is active`);
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
  if (!exists(state) || state.status === 'deleted')
    return problem('basket-not-found', `no basket ${command.basketId}`);
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

/** C-4.1's "nothing to change" (204): equal customer details, a voucher already on, one not on. */
export const nothingToChange = (command: BasketCommand, state: BasketState): boolean => {
  if (!exists(state)) return false;
  switch (command.type) {
    case 'SetCustomerDetails':
      return customerDetailsUnchanged(state.customerDetails, command.customerDetails);
    case 'AddVoucher':
      return state.vouchers.some((v) => v.code === command.voucherCode);
    case 'RemoveVoucher':
      return !state.vouchers.some((v) => v.code === command.voucherCode);
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
  if (!exists(current) || current.status === 'deleted') return problem('basket-not-found', 'no such basket');
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
