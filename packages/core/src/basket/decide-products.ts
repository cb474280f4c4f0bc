import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import type {
  CatalogConsumableProduct,
  CatalogProductEntry,
  CatalogVariableProduct,
  CatalogVariant,
} from '../catalog';
import type { DomainProblem } from '../decider';
import { problem } from '../decider';
import { availableOf, stockResource } from '../inventory/resources';
import { fromMinorUnits } from '../money';
import { omitUndefined } from '../omit-undefined';
import type { ProviderIdentity } from '../wire';
import type { BasketCommandOf } from './commands';
import type { Decision } from './decide-support';
import {
  accept,
  capacityRefusal,
  firstRefusal,
  freshIdSupply,
  lineLimitRefusal,
  productEntry,
  productOnSale,
  providerBasketFor,
  quantityLimitRefusal,
  unitsOfProduct,
} from './decide-support';
import type { BasketFacts } from './facts';
import type { ConsumableLine, VariableProductLine } from './line';
import { unitsOf, variantIdOf } from './line';
import type { ExistingBasket } from './state';
import { allLines, findLine } from './state';

type AddProduct = BasketCommandOf<'AddProduct'>;
type Addable =
  | { readonly type: 'Consumable'; readonly product: CatalogConsumableProduct }
  | {
      readonly type: 'VariableProduct';
      readonly product: CatalogVariableProduct;
      readonly variant: CatalogVariant;
    };
type CrossSell = {
  readonly crossSoldFromProductId?: ProviderIdentity;
  readonly crossSoldFromLineItemId?: ProviderIdentity;
};
type AddedLine = ConsumableLine | VariableProductLine;

/** C-7.3: only consumables and variable products are added this way; a variable one needs a known variant. */
const addable = ({ product }: CatalogProductEntry, command: AddProduct): Either<DomainProblem, Addable> => {
  if (product.type === 'Consumable') return E.right({ type: 'Consumable', product });
  if (product.type !== 'VariableProduct') {
    return E.left(
      problem('wrong-product-type', `${product.type} products are not added with addProductToBasket`),
    );
  }
  if (command.productVariantId === undefined) {
    return E.left(problem('variant-required', `product ${product.id} needs a productVariantId`));
  }
  const variant = product.variants.find((v) => v.id === command.productVariantId);
  if (!variant)
    return E.left(
      problem('variant-not-found', `product ${product.id} has no variant ${command.productVariantId}`),
    );
  return E.right({ type: 'VariableProduct', product, variant });
};

/** C-7.4: the parent line must be in the basket and its product must list this one among its cross-sells. */
const crossSellOf = (
  state: ExistingBasket,
  facts: BasketFacts,
  command: AddProduct,
): Either<DomainProblem, CrossSell> => {
  const parentLineId = command.crossSoldFromLineItemId;
  let parentProductId = command.crossSoldFromProductId;
  if (parentLineId !== undefined) {
    const parent = findLine(state, parentLineId)?.line;
    if (!parent || (parentProductId !== undefined && parentProductId !== parent.productId)) {
      return E.left(
        problem(
          'cross-sell-parent-not-found',
          `no line item ${parentLineId} of the parent product in the basket`,
        ),
      );
    }
    parentProductId = parent.productId;
  }
  if (parentProductId === undefined) return E.right({});
  const parentProduct = productEntry(facts, parentProductId)?.product;
  if (!parentProduct?.crossSells.includes(command.productId)) {
    return E.left(
      problem('cross-sell-not-allowed', `${command.productId} is not a cross-sell of ${parentProductId}`),
    );
  }
  return E.right(
    omitUndefined({ crossSoldFromProductId: parentProductId, crossSoldFromLineItemId: parentLineId }),
  );
};

const newLine = (
  id: ProviderIdentity,
  item: Addable,
  command: AddProduct,
  crossSell: CrossSell,
  state: ExistingBasket,
): AddedLine => {
  const common = {
    id,
    productId: item.product.id,
    deliveryMethodIdOptions: item.product.deliveryMethodIdOptions,
    quantity: command.quantity,
    kioskId: command.kioskId,
    timestreamId: command.timestreamId,
    ...crossSell,
  };
  if (item.type === 'VariableProduct') {
    const { variant } = item;
    return omitUndefined({
      ...common,
      type: 'VariableProduct',
      unitPrice: fromMinorUnits(state.currency, variant.price),
      variant: { id: variant.id, name: variant.name, sku: variant.sku, imageUrl: variant.imageUrl },
      productGroupId: command.productGroupId,
    });
  }
  const { product } = item;
  return omitUndefined({
    ...common,
    type: 'Consumable',
    unitPrice: fromMinorUnits(state.currency, product.unitPrice),
    title: product.title,
    productGroupId: command.productGroupId ?? product.productGroupId,
    validUntil: product.validUntil,
    description: product.description,
    allergens: product.allergens,
    image: product.image,
    calories: product.calories,
  });
};

/** C-7.3: the same product, variant, kiosk, product group, timestream and cross-sell parent make the same line. */
const sameLine = (a: AddedLine, b: AddedLine): boolean =>
  a.productId === b.productId &&
  variantIdOf(a) === variantIdOf(b) &&
  a.kioskId === b.kioskId &&
  a.productGroupId === b.productGroupId &&
  a.timestreamId === b.timestreamId &&
  a.crossSoldFromLineItemId === b.crossSoldFromLineItemId &&
  a.crossSoldFromProductId === b.crossSoldFromProductId;

const variantOf = (item: Addable): string | undefined =>
  item.type === 'VariableProduct' ? item.variant.id : undefined;

/** addProductToBasket (C-7.2, C-7.3, C-7.3a, C-7.4, C-7.13). */
export const decideAddProduct = (command: AddProduct, state: ExistingBasket, facts: BasketFacts): Decision =>
  E.flatMap(productOnSale(facts, command.productId), (entry) =>
    E.flatMap(addable(entry, command), (item) => {
      const currency = facts.catalog.catalog.currency.code;
      const { provider } = entry;
      const refusal = firstRefusal(
        () =>
          command.currency !== undefined && command.currency !== currency
            ? problem('currency-mismatch', `the catalog's currency is ${currency}, not ${command.currency}`)
            : undefined,
        () =>
          command.kioskId !== undefined && !provider.kiosks.some((k) => k.id === command.kioskId)
            ? problem('kiosk-not-found', `provider ${provider.id} has no kiosk ${command.kioskId}`)
            : undefined,
        () =>
          Number.isInteger(command.quantity) && command.quantity >= 1
            ? undefined
            : problem('validation-failed', 'quantity must be a whole number of at least 1'),
      );
      if (refusal) return E.left(refusal);
      return E.flatMap(crossSellOf(state, facts, command), (crossSell) =>
        addLine(command, state, facts, entry, item, crossSell),
      );
    }),
  );

const addLine = (
  command: AddProduct,
  state: ExistingBasket,
  facts: BasketFacts,
  entry: CatalogProductEntry,
  item: Addable,
  crossSell: CrossSell,
): Decision => {
  const { product } = item;
  const variantId = variantOf(item);
  const resource = stockResource(product.id, variantId);
  const heldOfResource = allLines(state)
    .filter((l) => l.productId === product.id && variantIdOf(l) === variantId)
    .reduce((n, l) => n + unitsOf(l), 0);
  const refusal = firstRefusal(
    () =>
      quantityLimitRefusal(
        unitsOfProduct(state, product.id) + command.quantity,
        product.maxPerBasket,
        product.id,
      ),
    () =>
      capacityRefusal(heldOfResource + command.quantity, availableOf(facts.availability, resource), resource),
  );
  if (refusal) return E.left(refusal);
  const ids = freshIdSupply(command.freshIds);
  // The line this add would make, were it new; its id is only a placeholder for the comparison.
  const wanted = newLine(product.id, item, command, crossSell, state);
  for (const pb of state.providerBaskets) {
    for (const line of pb.lines) {
      if ((line.type === 'Consumable' || line.type === 'VariableProduct') && sameLine(line, wanted)) {
        return accept([
          {
            type: 'LineItemQuantityChanged',
            at: command.at,
            providerBasketId: pb.id,
            lineItemId: line.id,
            quantity: line.quantity + command.quantity,
          },
        ]);
      }
    }
  }
  const lineLimit = lineLimitRefusal(state, 1);
  if (lineLimit) return E.left(lineLimit);
  return pipe(
    providerBasketFor(state, entry.provider, ids, command.at),
    E.map(({ providerBasketId, opening }) => [
      ...opening,
      {
        type: 'LineItemAdded',
        at: command.at,
        providerBasketId,
        line: newLine(ids.take(entry.provider.id), item, command, crossSell, state),
      },
    ]),
  );
};
