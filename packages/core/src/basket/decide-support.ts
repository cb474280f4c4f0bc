import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import type { CatalogDeliveryMethod, CatalogProductEntry, CatalogProvider } from '../catalog';
import type { DomainProblem } from '../decider';
import { problem } from '../decider';
import type { Instant } from '../primitives/instant';
import type { Currency } from '../primitives/money';
import { fromMinorUnits } from '../primitives/money';
import type { ProviderIdentity } from '../primitives/scalars';
import { isProviderIdentity, providerOf } from '../primitives/scalars';
import type { DeliveryMethod } from '../values/delivery';
import type { BasketCommand } from './commands';
import type { BasketEvent } from './events';
import type { BasketFacts } from './facts';
import { unitsOf } from './line';
import type { ExistingBasket, ProviderBasketState, ProviderTerms } from './state';
import { allLines } from './state';

/** What a command's decision answers. */
export type Decision = Either<DomainProblem, ReadonlyArray<BasketEvent>>;

export const refuse = (code: DomainProblem['code'], detail: string): Decision =>
  E.left(problem(code, detail));
export const accept = (events: ReadonlyArray<BasketEvent>): Decision => E.right(events);
export const unchanged: Decision = E.right([]);

/** C-7.13. */
export const MAX_LINES = 100;
export const MAX_PROVIDER_BASKETS = 10;
/**
 * The most seats one selectSeats takes, whatever the catalog's `maxPerBasket` (`quantity-limit`
 * past it): each seat is a ticket with an id of its own, so an unbounded count would make a request
 * as large as its number asks (docs/decisions.md, "Seats per selection").
 */
export const MAX_SEATS_PER_SELECTION = 1000;

/**
 * The command's fresh id suffixes, handed out in order as `<provider>|<suffix>`. Running out, or a
 * suffix that does not make a ProviderIdentity, is a bug of the caller (see `freshIdsNeeded`): the
 * decision that took such an id answers `internal-error` through `checked`, never records it.
 */
export type FreshIds = {
  readonly take: (provider: string) => ProviderIdentity;
  /** `decision`, unless an id was missing: then the problem of the first one missing. */
  readonly checked: (decision: Decision) => Decision;
};

export const freshIdSupply = (suffixes: ReadonlyArray<string>): FreshIds => {
  let next = 0;
  let missing: DomainProblem | undefined;
  return {
    take: (provider) => {
      const suffix = suffixes[next];
      next += 1;
      const id = `${provider}|${suffix ?? ''}`;
      if (suffix !== undefined && isProviderIdentity(id)) return id;
      missing ??= problem(
        'internal-error',
        `command needs fresh id #${next} for ${provider}, got ${String(suffix)}`,
      );
      // Never recorded: `checked` answers the problem instead of the decision that took it.
      return id as ProviderIdentity;
    },
    checked: (decision) => (missing === undefined ? decision : E.left(missing)),
  };
};

export const productEntry = (facts: BasketFacts, productId: string): CatalogProductEntry | undefined =>
  facts.catalog.products.get(productId);

/** The product, when it is in the catalog and on sale (C-7.3: `product-not-found`, `product-unavailable`). */
export const productOnSale = (
  facts: BasketFacts,
  productId: string,
): Either<DomainProblem, CatalogProductEntry> => {
  const entry = productEntry(facts, productId);
  if (!entry) return E.left(problem('product-not-found', `no product ${productId}`));
  if (!entry.product.onSale)
    return E.left(problem('product-unavailable', `product ${productId} is not on sale`));
  return E.right(entry);
};

const deliveryMethodOf = (method: CatalogDeliveryMethod, currency: Currency): DeliveryMethod => {
  switch (method.type) {
    case 'Address':
      return {
        type: 'Address',
        id: method.id,
        title: method.title,
        description: method.description,
        provider: method.provider,
        entries: method.entries,
        totalPrice: fromMinorUnits(currency, method.totalPrice),
      };
    case 'Digital':
      return {
        type: 'Digital',
        id: method.id,
        title: method.title,
        description: method.description,
        totalPrice: fromMinorUnits(currency, method.totalPrice),
        alwaysIncluded: method.alwaysIncluded,
      };
    case 'KioskCollection':
    case 'InSeat':
      return { type: method.type, id: method.id };
  }
};

/** The provider's terms as the basket records them when its provider basket opens. */
export const termsOf = (provider: CatalogProvider, currency: Currency): ProviderTerms => ({
  providerId: provider.id,
  holdMinutes: provider.holdMinutes,
  requiredCustomerDetails: provider.requiredCustomerDetails,
  kioskIds: provider.kiosks.map((k) => k.id),
  deliveryMethods: provider.deliveryMethods.map((m) => deliveryMethodOf(m, currency)),
  discounts: provider.discounts,
});

export const providerBasketOf = (state: ExistingBasket, provider: string): ProviderBasketState | undefined =>
  state.providerBaskets.find((pb) => providerOf(pb.id) === provider);

/**
 * The provider basket a new line goes to (C-7.2): the provider's own, or a new one whose opening
 * event comes first (`basket-limit` past 10 provider baskets, C-7.13).
 */
export const providerBasketFor = (
  state: ExistingBasket,
  provider: CatalogProvider,
  ids: FreshIds,
  at: Instant,
): Either<
  DomainProblem,
  { readonly providerBasketId: ProviderIdentity; readonly opening: ReadonlyArray<BasketEvent> }
> => {
  const existing = providerBasketOf(state, provider.id);
  if (existing) return E.right({ providerBasketId: existing.id, opening: [] });
  if (state.providerBaskets.length >= MAX_PROVIDER_BASKETS) {
    return E.left(problem('basket-limit', `a basket holds at most ${MAX_PROVIDER_BASKETS} provider baskets`));
  }
  const providerBasketId = ids.take(provider.id);
  return E.right({
    providerBasketId,
    opening: [
      { type: 'ProviderBasketOpened', at, providerBasketId, terms: termsOf(provider, state.currency) },
    ],
  });
};

/** `basket-limit` when `added` more lines would pass 100 (C-7.13). */
export const lineLimitRefusal = (state: ExistingBasket, added: number): DomainProblem | undefined =>
  allLines(state).length + added > MAX_LINES
    ? problem('basket-limit', `a basket holds at most ${MAX_LINES} line items`)
    : undefined;

/** Units of `productId` in the basket, over all its lines, leaving out the lines in `except`. */
export const unitsOfProduct = (
  state: ExistingBasket,
  productId: string,
  except: ReadonlyArray<string> = [],
): number => {
  let total = 0;
  for (const pb of state.providerBaskets)
    for (const l of pb.lines) if (l.productId === productId && !except.includes(l.id)) total += unitsOf(l);
  return total;
};

/** `quantity-limit` when a product would have more than `maxPerBasket` units in the basket (C-7.3a). */
export const quantityLimitRefusal = (units: number, maxPerBasket: number, productId: string) =>
  units > maxPerBasket
    ? problem(
        'quantity-limit',
        `at most ${maxPerBasket} units of ${productId} per basket, asked for ${units}`,
      )
    : undefined;

/** `insufficient-capacity` when the basket would hold more of a resource than is free for it (C-7.3a). */
export const capacityRefusal = (needed: number, available: number, resource: string) =>
  needed > available
    ? problem('insufficient-capacity', `${resource}: ${needed} needed, ${Math.max(available, 0)} available`)
    : undefined;

/** The first of `checks` that refuses, in order. */
export const firstRefusal = (
  ...checks: ReadonlyArray<() => DomainProblem | undefined>
): DomainProblem | undefined => {
  for (const check of checks) {
    const refusal = check();
    if (refusal) return refusal;
  }
  return undefined;
};

/** How many fresh ids a command may consume, so that the app can supply enough. */
export const freshIdsNeeded = (command: BasketCommand): number => {
  switch (command.type) {
    case 'AddProduct':
      return 2;
    case 'SelectSeats':
      // More seats than MAX_SEATS_PER_SELECTION are refused before any ticket is made.
      return (
        2 +
        Math.min(
          (command.seats?.length ?? 0) +
            (command.rates ?? []).reduce((n, r) => n + Math.max(r.quantity, 0), 0),
          MAX_SEATS_PER_SELECTION,
        )
      );
    case 'SelectTimeSlot':
      return 1 + command.rates.length;
    default:
      return 0;
  }
};
