// The wire layer: io-ts codecs of every resource and request body of the interface.
// Naming: a codec and its decoded type share a name (`Basket`, `Instant`), as is usual with io-ts;
// the money and catalog codecs carry a `C` (`MoneyC`, `CatalogC`) beside their hand-written types.
export * from './address';
export * from './basket';
export type { StructC } from './combinators';
export * from './customer-details';
export * from './delivery';
export * from './event-listing';
export * from './instant';
export * from './line-item';
export * from './line-item-feature';
export * from './notification';
export * from './payment-intent';
export type { ProviderIdentityBrand, UuidBrand } from './primitives';
export {
  FreeFormObject,
  Int32,
  isProviderIdentity,
  isUuid,
  NonEmptyString,
  ProviderIdentity,
  providerOf,
  Uuid,
} from './primitives';
export * from './problem';
export { validationErrors } from './report';
export * from './requests';
