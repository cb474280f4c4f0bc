// Core's own primitives: money, instants, ids and the io-ts combinators every codec of core is built
// from (stored events, commands, the catalog and the wire alike). They import nothing else of core.
// Other modules of core import the files themselves; this index is what @basket/core exports.
export { type CodecKinds, isCodecKind } from './codec-kind';
export type { StructC } from './combinators';
export * from './instant';
export { bodyLimitBroken, MAX_BODY_CHARACTERS, MAX_JSON_DEPTH } from './json-limits';
export * from './money';
export * from './problem-code';
export { validationErrors } from './report';
export type { ProviderIdentityBrand, UuidBrand } from './scalars';
export {
  FreeFormObject,
  Int32,
  isProviderIdentity,
  isUuid,
  NonEmptyString,
  ProviderIdentity,
  providerOf,
  Uuid,
} from './scalars';
export { badStringReason, badStrings, stringsFailing } from './storable-strings';
