import { describe, it } from 'vitest';
import type { Instant } from '../../src';
import {
  addPie,
  addShirt,
  cmd,
  created,
  factsWith,
  freshIds,
  historyOf,
  instant,
  minutesLater,
  SCARF,
  SHIRT,
  spec,
  T0,
  whenPlenty,
} from './fixtures';

const facts = factsWith();
const email = { type: 'Email', value: { email: 'ann@example.com' } } as const;
const setDetails = (
  ...customerDetails: ReadonlyArray<typeof email | { type: 'FirstName'; value?: { name: string } }>
) => cmd('SetCustomerDetails', { customerDetails });

describe('SetCustomerDetails (C-7.12, C-4.1)', () => {
  it('C-7.12: stores the values sent', () => {
    spec([created])
      .when(setDetails(email), facts)
      .then([{ type: 'CustomerDetailsSet', at: T0, customerDetails: [email] }]);
  });

  it('C-4.1: values equal to those stored change nothing', () => {
    spec(historyOf(setDetails(email)))
      .when(setDetails(email), facts)
      .then([]);
  });

  it('C-7.12: a field sent without a value clears it; clearing an absent field changes nothing', () => {
    spec(historyOf(setDetails(email, { type: 'FirstName', value: { name: 'Ann' } })))
      .when(setDetails({ type: 'FirstName' }), facts)
      .then([{ type: 'CustomerDetailsSet', at: T0, customerDetails: [{ type: 'FirstName' }] }]);
    spec(historyOf(setDetails(email)))
      .when(setDetails({ type: 'FirstName' }), facts)
      .then([]);
  });
});

describe('AddVoucher (C-7.11)', () => {
  it('C-7.11: adds a voucher that matches a line of the basket', () => {
    whenPlenty(historyOf(addShirt('home-shirt-m')), cmd('AddVoucher', { voucherCode: 'SHIRT10' })).then([
      {
        type: 'VoucherAdded',
        at: T0,
        voucher: {
          code: 'SHIRT10',
          name: '10.00 off a size M home shirt',
          productId: SHIRT,
          variantId: 'home-shirt-m',
          voucherPrice: 5000,
        },
      },
    ]);
  });

  it('C-4.1: a code already on the basket changes nothing', () => {
    const history = historyOf(addShirt('home-shirt-m'), cmd('AddVoucher', { voucherCode: 'SHIRT10' }));
    whenPlenty(history, cmd('AddVoucher', { voucherCode: 'SHIRT10' })).then([]);
  });

  it('C-7.11: an unknown code is voucher-invalid', () => {
    whenPlenty(historyOf(addShirt()), cmd('AddVoucher', { voucherCode: 'FREESTUFF' })).thenFails(
      'voucher-invalid',
    );
  });

  it('C-7.11: a code past its validUntil is voucher-invalid', () => {
    whenPlenty(historyOf(addShirt('home-shirt-s')), cmd('AddVoucher', { voucherCode: 'OLDSHIRT' })).thenFails(
      'voucher-invalid',
    );
  });

  it('C-7.11: at the instant of its validUntil a code is not yet past it; a millisecond later it is', () => {
    const validUntil = instant('2020-01-01T00:00:00.000Z');
    const history = historyOf(addShirt('home-shirt-s'));
    const at = (when: Instant) => ({ ...cmd('AddVoucher', { voucherCode: 'OLDSHIRT' }), at: when });
    whenPlenty(history, at(validUntil)).then([
      {
        type: 'VoucherAdded',
        at: validUntil,
        voucher: {
          code: 'OLDSHIRT',
          name: 'Expired shirt voucher',
          productId: SHIRT,
          variantId: 'home-shirt-s',
          voucherPrice: 3000,
        },
      },
    ]);
    whenPlenty(history, at(instant('2020-01-01T00:00:00.001Z'))).thenFails('voucher-invalid');
  });

  it('C-7.11: a code without a line of its product and variant is voucher-not-applicable', () => {
    whenPlenty(historyOf(addShirt('home-shirt-l')), cmd('AddVoucher', { voucherCode: 'SHIRT10' })).thenFails(
      'voucher-not-applicable',
    );
    whenPlenty(historyOf(addPie()), cmd('AddVoucher', { voucherCode: 'SCARFHALF' })).thenFails(
      'voucher-not-applicable',
    );
  });

  it('C-7.11: a scarf voucher applies to the scarf line', () => {
    const addScarf = cmd('AddProduct', {
      productId: SCARF,
      quantity: 1,
      productVariantId: 'scarf-one-size',
      freshIds: freshIds('scarf'),
    });
    whenPlenty(
      historyOf(addScarf),
      cmd('AddVoucher', { voucherCode: 'SCARFHALF', at: minutesLater(1) }),
    ).events();
  });
});

describe('RemoveVoucher (C-7.11, C-4.1)', () => {
  it('removes a code on the basket', () => {
    const history = historyOf(addShirt('home-shirt-m'), cmd('AddVoucher', { voucherCode: 'SHIRT10' }));
    whenPlenty(history, cmd('RemoveVoucher', { voucherCode: 'SHIRT10' })).then([
      { type: 'VoucherRemoved', at: T0, voucherCode: 'SHIRT10', reason: 'requested' },
    ]);
  });

  it('C-4.1: a code not on the basket changes nothing', () => {
    whenPlenty(historyOf(addShirt()), cmd('RemoveVoucher', { voucherCode: 'SHIRT10' })).then([]);
  });
});
