import { describe, expect, it } from 'vitest';
import { expiredProviderBaskets, providerBasketExpires } from '../../src/basket/decide-expiry';
import type { BasketEvent } from '../../src/basket/events';
import {
  isCustomerCommand,
  nothingToChange,
  paymentPreconditions,
  syncRefusal,
} from '../../src/basket/guards';
import {
  addPie,
  addShirt,
  cmd,
  created,
  FNB_PB,
  historyOf,
  minutesLater,
  PIE_LINE,
  pickTour,
  SHIRT_LINE,
  stateOf,
  T0,
} from './fixtures';

const INTENT = 'intent-1';
const code = (problem: { code: string } | undefined) => problem?.code;
const lockedWithPie = (): ReadonlyArray<BasketEvent> => [
  ...historyOf(addPie()),
  { type: 'BasketLocked', at: T0, paymentIntentId: INTENT },
];

describe('syncRefusal: what the app answers at once, in the order of C-1.7', () => {
  it('C-1.7: no basket, or a deleted one, is basket-not-found', () => {
    expect(code(syncRefusal(addPie(), stateOf([])))).toBe('basket-not-found');
    expect(code(syncRefusal(addPie(), stateOf([created, { type: 'BasketDeleted', at: T0 }])))).toBe(
      'basket-not-found',
    );
  });

  it('C-1.7: the path provider basket and line are checked (404) before the basket state (409)', () => {
    const locked = stateOf(lockedWithPie());
    expect(
      code(syncRefusal(cmd('DeleteLineItem', { providerBasketId: FNB_PB, lineItemId: SHIRT_LINE }), locked)),
    ).toBe('line-item-not-found');
    expect(
      code(syncRefusal(cmd('DeleteLineItem', { providerBasketId: FNB_PB, lineItemId: PIE_LINE }), locked)),
    ).toBe('basket-locked');
    expect(
      code(
        syncRefusal(
          cmd('SetDeliveryMethod', { providerBasketId: PIE_LINE, selection: { type: 'Digital', id: 'x' } }),
          locked,
        ),
      ),
    ).toBe('provider-basket-not-found');
  });

  it('C-8.5: a checked-out basket is basket-checked-out', () => {
    const paid = stateOf([...lockedWithPie(), { type: 'BasketCheckedOut', at: T0, paymentIntentId: INTENT }]);
    expect(code(syncRefusal(addPie(), paid))).toBe('basket-checked-out');
  });

  it('C-2.6: another contact is contact-conflict', () => {
    const assigned = stateOf(historyOf(cmd('AssignContact', { contactId: 'contact-alice' })));
    expect(code(syncRefusal(cmd('AssignContact', { contactId: 'contact-bob' }), assigned))).toBe(
      'contact-conflict',
    );
    expect(syncRefusal(cmd('AssignContact', { contactId: 'contact-alice' }), assigned)).toBeUndefined();
  });

  it('C-1.7: contact-conflict stands in the ownership position, before basket-locked and basket-checked-out', () => {
    const assign = cmd('AssignContact', { contactId: 'contact-alice' });
    const locked: ReadonlyArray<BasketEvent> = [
      ...historyOf(assign, addPie()),
      { type: 'BasketLocked', at: T0, paymentIntentId: INTENT },
    ];
    const bob = cmd('AssignContact', { contactId: 'contact-bob' });
    expect(code(syncRefusal(bob, stateOf(locked)))).toBe('contact-conflict');
    const paid = stateOf([...locked, { type: 'BasketCheckedOut', at: T0, paymentIntentId: INTENT }]);
    expect(code(syncRefusal(bob, paid))).toBe('contact-conflict');
    // The same contact again is no conflict: the basket's state answers.
    expect(code(syncRefusal(assign, stateOf(locked)))).toBe('basket-locked');
  });

  it('C-7.8: a line whose holds ran out by the command time is gone', () => {
    const state = stateOf(historyOf(addPie()));
    const deletion = cmd('DeleteLineItem', { providerBasketId: FNB_PB, lineItemId: PIE_LINE });
    expect(syncRefusal(deletion, state)).toBeUndefined();
    expect(code(syncRefusal({ ...deletion, at: minutesLater(15) }, state))).toBe('provider-basket-not-found');
  });

  it('CreateBasket is refused only when the basket exists', () => {
    const create = cmd('CreateBasket', { storeId: 'arena-web', currency: { code: 'GBP', precision: 2 } });
    expect(syncRefusal(create, stateOf([]))).toBeUndefined();
    expect(code(syncRefusal(create, stateOf([created])))).toBe('validation-failed');
  });

  it('the payment saga commands are not customer commands', () => {
    expect(isCustomerCommand(addPie())).toBe(true);
    expect(isCustomerCommand(cmd('CheckOut', { paymentIntentId: INTENT }))).toBe(false);
  });
});

describe('nothingToChange (C-4.1)', () => {
  const email = { type: 'Email', value: { email: 'ann@example.com' } } as const;
  const withVoucher = stateOf(historyOf(addShirt(), cmd('AddVoucher', { voucherCode: 'SHIRT10' })));

  it('C-4.1: equal customer details, a voucher already on, a voucher not on', () => {
    const withEmail = stateOf(historyOf(cmd('SetCustomerDetails', { customerDetails: [email] })));
    expect(nothingToChange(cmd('SetCustomerDetails', { customerDetails: [email] }), withEmail)).toBe(true);
    expect(nothingToChange(cmd('SetCustomerDetails', { customerDetails: [] }), withEmail)).toBe(true);
    expect(
      nothingToChange(cmd('SetCustomerDetails', { customerDetails: [{ type: 'Email' }] }), withEmail),
    ).toBe(false);
    expect(nothingToChange(cmd('AddVoucher', { voucherCode: 'SHIRT10' }), withVoucher)).toBe(true);
    expect(nothingToChange(cmd('AddVoucher', { voucherCode: 'SCARFHALF' }), withVoucher)).toBe(false);
    expect(nothingToChange(cmd('RemoveVoucher', { voucherCode: 'SCARFHALF' }), withVoucher)).toBe(true);
    expect(nothingToChange(cmd('RemoveVoucher', { voucherCode: 'SHIRT10' }), withVoucher)).toBe(false);
  });

  it("C-4.1 and C-7.8: judged after the holds that ran out by the command's time, recorded or not", () => {
    // The shirt's hold ran out: its voucher went with it, though nothing recorded that yet.
    const later = minutesLater(60);
    const at = <C extends { at: string }>(command: C): C => ({ ...command, at: later });
    expect(nothingToChange(at(cmd('AddVoucher', { voucherCode: 'SHIRT10' })), withVoucher)).toBe(false);
    expect(nothingToChange(at(cmd('RemoveVoucher', { voucherCode: 'SHIRT10' })), withVoucher)).toBe(true);
  });

  it('C-4.1: other commands, and absent baskets, always have something to do', () => {
    expect(nothingToChange(addPie(), withVoucher)).toBe(false);
    expect(nothingToChange(cmd('RemoveVoucher', { voucherCode: 'X' }), stateOf([]))).toBe(false);
  });
});

describe('paymentPreconditions (C-8.1)', () => {
  it('C-8.1: answers the first unmet precondition, after expiry', () => {
    expect(code(paymentPreconditions(stateOf([]), T0))).toBe('basket-not-found');
    expect(code(paymentPreconditions(stateOf([created]), T0))).toBe('basket-empty');
    expect(code(paymentPreconditions(stateOf(historyOf(addPie())), T0))).toBe('delivery-not-covered');
    expect(code(paymentPreconditions(stateOf(historyOf(pickTour(1))), T0))).toBe('customer-details-missing');
    expect(code(paymentPreconditions(stateOf(historyOf(pickTour(1))), minutesLater(10)))).toBe(
      'basket-empty',
    );
  });
});

describe('expiry queries (C-7.8)', () => {
  it('C-7.8: a provider basket expires holdMinutes after its latest line change, unless confirmed', () => {
    const state = stateOf(historyOf(pickTour(1)));
    const pb = state.status === 'open' ? state.providerBaskets[0] : undefined;
    if (!pb) throw new Error('no provider basket');
    expect(providerBasketExpires(pb)).toBe(minutesLater(10));
    expect(providerBasketExpires({ ...pb, confirmed: true })).toBeUndefined();
    expect(expiredProviderBaskets(state, minutesLater(9))).toEqual([]);
    expect(expiredProviderBaskets(state, minutesLater(10))).toEqual([pb]);
    expect(expiredProviderBaskets(stateOf([]), minutesLater(10))).toEqual([]);
  });
});
