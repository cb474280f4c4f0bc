import {
  type Address,
  type Catalog,
  type CatalogIndex,
  type CatalogProduct,
  type CatalogTicketingProduct,
  type CatalogTimeSlotProduct,
  type CustomerDetailFieldType,
  type CustomerDetailFieldValue,
  catalogIndex,
  type DeliveryMethod,
  type DeliveryMethodSelection,
  type Instant,
  isProviderIdentity,
  type ProviderIdentity,
  parseCatalog,
} from '@basket/core';
import demoCatalogFile from './demo-catalog.json' with { type: 'json' };

/*
 * The project's demo catalog (a copy of providers-catalog's `catalog/demo-catalog.json`, itself the
 * shared `fixtures/catalog.json`, C-10.2), embedded so that the testing package depends on no
 * adapter, and what generated commands aim at in it.
 */

const parsed = parseCatalog(demoCatalogFile);
if (parsed._tag === 'Left') {
  throw new Error(`the demo catalog is refused: ${JSON.stringify(parsed.left.errors)}`);
}

export const demoCatalog: Catalog = parsed.right;
export const demoCatalogIndex: CatalogIndex = catalogIndex(demoCatalog);

/** A ProviderIdentity, checked: a typo in a test constant fails loudly. */
export const providerIdentity = (id: string): ProviderIdentity => {
  if (!isProviderIdentity(id)) throw new Error(`not a ProviderIdentity: ${id}`);
  return id;
};

const products: ReadonlyArray<CatalogProduct> = [...demoCatalogIndex.products.values()].map((e) => e.product);

const isTicketing = (p: CatalogProduct): p is CatalogTicketingProduct => p.type === 'Ticketing';
const isTimeSlot = (p: CatalogProduct): p is CatalogTimeSlotProduct => p.type === 'TimeSlot';

/** Every seat of an event's map, in catalog order (sold ones included). */
export const seatIdsOf = (product: CatalogTicketingProduct): ReadonlyArray<string> =>
  product.sections.flatMap((section) => section.rows.flatMap((row) => row.seats));

/** What generated commands aim at: the demo catalog's real ids, and a few that it does not have. */
export const demoCatalogTargets = {
  storeIds: demoCatalog.stores.map((s) => s.id),
  contactIds: demoCatalog.contacts.map((c) => c.id),
  voucherCodes: demoCatalog.vouchers.map((v) => v.code),
  vouchers: demoCatalog.vouchers,
  /** Products that addProductToBasket takes (C-7.3), on sale or not. */
  addable: products.filter((p) => p.type === 'Consumable' || p.type === 'VariableProduct'),
  /** Products that addProductToBasket refuses as `wrong-product-type`. */
  notAddable: products.filter((p) => p.type === 'Ticketing' || p.type === 'TimeSlot'),
  events: products.filter(isTicketing),
  /** Products on sale whose provider delivers to a seat (InSeat, C-7.9). */
  inSeatFood: [...demoCatalogIndex.products.values()]
    .filter(
      ({ product, provider }) =>
        product.type === 'Consumable' &&
        product.onSale &&
        provider.deliveryMethods.some((m) => m.type === 'InSeat'),
    )
    .map(({ product }) => product),
  tours: products.filter(isTimeSlot),
  unknownProductId: providerIdentity('fnb:arena|000000000000000000000000'),
  unknownProviderBasketId: providerIdentity('fnb:arena|0000000000000000000000pb'),
  unknownLineItemId: providerIdentity('fnb:arena|00000000000000000000line'),
  unknownRateId: providerIdentity('tix:arena|0000000000000000000000ra'),
  unknownTimeSlotId: providerIdentity('tsl:tours|0000000000000000000000ts'),
  unknownSeatId: 'Z-Z-99',
  unknownKioskId: 'kiosk-nowhere',
  unknownVoucherCode: 'NO-SUCH-CODE',
  unknownVariantId: 'no-such-variant',
} as const;

/* Values the demo providers take. */

export const demoAddress: Address = {
  StreetLine1: '1 Arena Way',
  City: 'Leeds',
  CountryCode: 'GB',
  PostalCode: 'LS1 1AA',
};

/** A valid value of each customer detail type (C-7.12), in two versions. */
export const detailValue = (type: CustomerDetailFieldType, alt = false): CustomerDetailFieldValue => {
  switch (type) {
    case 'Email':
      return { type, value: { email: alt ? 'bob@example.com' : 'alice@example.com' } };
    case 'PhoneNumber':
      return { type, value: { phoneNumber: alt ? '+447700900123' : '+441132960000' } };
    case 'BillingAddress':
    case 'DeliveryAddress':
      return { type, value: alt ? { ...demoAddress, StreetLine1: '2 Arena Way' } : demoAddress };
    default:
      return { type, value: { name: alt ? 'Bob' : 'Alice' } };
  }
};

export type SelectionChoices = {
  /** An entry of an Address method (a new address otherwise). */
  readonly addressEntryId?: string;
  readonly kioskId?: string;
  /** For InSeat: the provider seat id of a ticket in the basket. */
  readonly seatId?: string;
  readonly collectionTime: Instant;
  /** Makes the client's own references (`collectionId`, a KioskCollection's `seatId`). */
  readonly reference: string;
};

/** A selection of `method` (C-7.9) made of `choices`; a missing kiosk or seat is one nobody has. */
export const selectionFor = (method: DeliveryMethod, choices: SelectionChoices): DeliveryMethodSelection => {
  switch (method.type) {
    case 'Digital':
      return { type: 'Digital', id: method.id };
    case 'Address':
      return choices.addressEntryId === undefined
        ? { type: 'Address', id: method.id, address: demoAddress }
        : { type: 'Address', id: method.id, addressEntryId: choices.addressEntryId };
    case 'KioskCollection':
    case 'InSeat':
      return {
        type: method.type,
        id: method.id,
        kioskId: choices.kioskId ?? demoCatalogTargets.unknownKioskId,
        collectionTime: choices.collectionTime,
        collectionId: `collect-${choices.reference}`,
        seatId:
          method.type === 'InSeat'
            ? (choices.seatId ?? demoCatalogTargets.unknownSeatId)
            : `ref-${choices.reference}`,
      };
  }
};
