import type { BasketCommandOf } from './commands';
import { customerDetailsUnchanged } from './customer-details';
import type { Decision } from './decide-support';
import { accept, unchanged } from './decide-support';
import type { ExistingBasket } from './state';

/** setCustomerDetails (C-7.12): values equal to those stored change nothing (C-4.1). */
export const decideSetCustomerDetails = (
  command: BasketCommandOf<'SetCustomerDetails'>,
  state: ExistingBasket,
): Decision =>
  customerDetailsUnchanged(state.customerDetails, command.customerDetails)
    ? unchanged
    : accept([{ type: 'CustomerDetailsSet', at: command.at, customerDetails: command.customerDetails }]);
