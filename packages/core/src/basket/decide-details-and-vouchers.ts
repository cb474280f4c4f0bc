import { isAtOrAfter } from '../primitives/time';
import type { BasketCommandOf } from './commands';
import { customerDetailsUnchanged } from './customer-details';
import type { Decision } from './decide-support';
import { accept, refuse, unchanged } from './decide-support';
import type { BasketFacts } from './facts';
import { variantIdOf } from './line';
import type { ExistingBasket } from './state';
import { allLines } from './state';

/** setCustomerDetails (C-7.12): values equal to those stored change nothing (C-4.1). */
export const decideSetCustomerDetails = (
  command: BasketCommandOf<'SetCustomerDetails'>,
  state: ExistingBasket,
): Decision =>
  customerDetailsUnchanged(state.customerDetails, command.customerDetails)
    ? unchanged
    : accept([{ type: 'CustomerDetailsSet', at: command.at, customerDetails: command.customerDetails }]);

/**
 * addVoucherToBasket (C-7.11): a code of the catalog, still valid at `at`, naming the product and
 * variant of a line of the basket; a code already on the basket changes nothing (C-4.1).
 */
export const decideAddVoucher = (
  command: BasketCommandOf<'AddVoucher'>,
  state: ExistingBasket,
  facts: BasketFacts,
): Decision => {
  if (state.vouchers.some((v) => v.code === command.voucherCode)) return unchanged;
  const voucher = facts.catalog.vouchers.get(command.voucherCode);
  if (!voucher) return refuse('voucher-invalid', `no voucher ${command.voucherCode}`);
  if (voucher.validUntil !== undefined && isAtOrAfter(command.at, voucher.validUntil)) {
    return refuse('voucher-invalid', `voucher ${voucher.code} ran out at ${voucher.validUntil}`);
  }
  const matches = allLines(state).some(
    (l) => l.productId === voucher.productId && variantIdOf(l) === voucher.variantId,
  );
  if (!matches) {
    return refuse(
      'voucher-not-applicable',
      `no line of ${voucher.productId} (${voucher.variantId}) in the basket`,
    );
  }
  return accept([
    {
      type: 'VoucherAdded',
      at: command.at,
      voucher: {
        code: voucher.code,
        name: voucher.name,
        productId: voucher.productId,
        variantId: voucher.variantId,
        voucherPrice: voucher.voucherPrice,
      },
    },
  ]);
};

/** removeVoucherFromBasket: a code not on the basket changes nothing (C-4.1). */
export const decideRemoveVoucher = (
  command: BasketCommandOf<'RemoveVoucher'>,
  state: ExistingBasket,
): Decision =>
  state.vouchers.some((v) => v.code === command.voucherCode)
    ? accept([
        { type: 'VoucherRemoved', at: command.at, voucherCode: command.voucherCode, reason: 'requested' },
      ])
    : unchanged;
