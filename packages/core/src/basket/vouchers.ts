// The voucher rules (C-7.11) in one place: what a voucher matches, adding and removing one, and
// dropping those no line matches any more (after a change to lines, or expiry). Pricing by vouchers
// is in views/totals.ts (`voucherPriceFor`), and uses `voucherMatches`.
import type { Instant } from '../primitives/instant';
import { isBefore } from '../primitives/time';
import type { BasketCommandOf } from './commands';
import type { Decision } from './decide-support';
import { accept, refuse, unchanged } from './decide-support';
import type { BasketEvent } from './events';
import type { BasketFacts } from './facts';
import { type Line, variantIdOf } from './line';
import type { BasketState, ExistingBasket } from './state';
import { allLines } from './state';

/** A voucher applies to the lines of its product and variant. */
export const voucherMatches = (
  voucher: { readonly productId: string; readonly variantId: string },
  line: Line,
): boolean => line.productId === voucher.productId && variantIdOf(line) === voucher.variantId;

/** Whether the basket holds the voucher of `code` (C-4.1: adding it again, or removing another, changes nothing). */
export const hasVoucher = (state: ExistingBasket, code: string): boolean =>
  state.vouchers.some((v) => v.code === code);

/** Whether vouchers can still be dropped in this status: paid and deleted baskets keep theirs. */
const vouchersCanChange = (state: BasketState): state is ExistingBasket =>
  state.status === 'open' || state.status === 'locked';

/** Vouchers of the basket that no line matches any more (C-7.11: they are dropped). */
export const orphanedVoucherEvents = (state: BasketState, at: Instant): ReadonlyArray<BasketEvent> => {
  if (!vouchersCanChange(state) || state.vouchers.length === 0) return [];
  const lines = allLines(state);
  return state.vouchers
    .filter((v) => !lines.some((line) => voucherMatches(v, line)))
    .map((v) => ({ type: 'VoucherRemoved', at, voucherCode: v.code, reason: 'no-matching-line' }));
};

/**
 * addVoucherToBasket (C-7.11): a code of the catalog, still valid at `at`, naming the product and
 * variant of a line of the basket; a code already on the basket changes nothing (C-4.1).
 */
export const decideAddVoucher = (
  command: BasketCommandOf<'AddVoucher'>,
  state: ExistingBasket,
  facts: BasketFacts,
): Decision => {
  if (hasVoucher(state, command.voucherCode)) return unchanged;
  const voucher = facts.catalog.vouchers.get(command.voucherCode);
  if (!voucher) return refuse('voucher-invalid', `no voucher ${command.voucherCode}`);
  // Past its validUntil (C-7.11): at that very instant it is still valid.
  if (voucher.validUntil !== undefined && isBefore(voucher.validUntil, command.at)) {
    return refuse('voucher-invalid', `voucher ${voucher.code} ran out at ${voucher.validUntil}`);
  }
  if (!allLines(state).some((line) => voucherMatches(voucher, line))) {
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
  hasVoucher(state, command.voucherCode)
    ? accept([
        { type: 'VoucherRemoved', at: command.at, voucherCode: command.voucherCode, reason: 'requested' },
      ])
    : unchanged;
