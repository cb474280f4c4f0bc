import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import type { FieldError } from '../primitives/problem-code';
import { validationErrors } from '../primitives/report';
import { type Catalog, CatalogC } from './catalog';
import { catalogReferenceErrors } from './references';

/** Why a catalog file was refused: each bad field with its path (`providers.1.products.0.unitPrice`). */
export interface CatalogError {
  readonly _tag: 'CatalogError';
  readonly errors: ReadonlyArray<FieldError>;
}

const catalogError = (errors: ReadonlyArray<FieldError>): CatalogError => ({ _tag: 'CatalogError', errors });

/** Decodes a parsed catalog file (C-10.2) and checks the references between its parts. */
export const parseCatalog = (json: unknown): Either<CatalogError, Catalog> =>
  pipe(
    CatalogC.decode(json),
    E.mapLeft((errors) => catalogError(validationErrors(errors))),
    E.flatMap((catalog) => {
      const errors = catalogReferenceErrors(catalog);
      return errors.length === 0 ? E.right(catalog) : E.left(catalogError(errors));
    }),
  );
