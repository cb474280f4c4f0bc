import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import type { FieldError } from '../primitives/problem-code';
import { validationErrors } from '../primitives/report';
import { badStrings } from '../primitives/storable-strings';
import { type Catalog, CatalogC } from './catalog';
import { currencyErrors } from './currency';
import { catalogReferenceErrors } from './references';

/** Why a catalog file was refused: each bad field with its path (`providers.1.products.0.unitPrice`). */
export interface CatalogError {
  readonly _tag: 'CatalogError';
  readonly errors: ReadonlyArray<FieldError>;
}

const catalogError = (errors: ReadonlyArray<FieldError>): CatalogError => ({ _tag: 'CatalogError', errors });

/**
 * Decodes a parsed catalog file (C-10.2) and checks its currency (ISO 4217, with its minor units)
 * and the references between its parts. A string no
 * storage can keep (a NUL, an unpaired surrogate) is refused here, at start, rather than as a 500
 * when a basket first records it (C-1.6's rule for requests, applied to the catalog).
 */
export const parseCatalog = (json: unknown): Either<CatalogError, Catalog> =>
  pipe(
    badStrings(json),
    (bad) => (bad.length === 0 ? E.right(json) : E.left(catalogError(bad))),
    E.flatMap((checked) =>
      pipe(
        CatalogC.decode(checked),
        E.mapLeft((errors) => catalogError(validationErrors(errors))),
      ),
    ),
    E.flatMap((catalog) => {
      const errors = [...currencyErrors(catalog.currency), ...catalogReferenceErrors(catalog)];
      return errors.length === 0 ? E.right(catalog) : E.left(catalogError(errors));
    }),
  );
