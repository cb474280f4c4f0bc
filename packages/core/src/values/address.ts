import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { NonEmptyString } from '../primitives/scalars';

/** A postal address; the field names are capitalised exactly as in the interface (C-1.1). */
export const Address = struct(
  {
    StreetLine1: NonEmptyString,
    City: NonEmptyString,
    CountryCode: NonEmptyString,
    PostalCode: NonEmptyString,
  },
  { StreetLine2: t.string, StreetLine3: t.string, Region: t.string },
  'Address',
);
export type Address = t.TypeOf<typeof Address>;
