import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import type {
  CatalogConsumableProduct,
  CatalogProductEntry,
  CatalogVariableProduct,
  CatalogVariant,
} from '../catalog';
import type { DomainProblem } from '../decider';
import { problem } from '../decider';
import { availableOf, stockResource } from '../inventory/resources';
import { fromMinorUnits } from '../primitives/money';
import { omitUndefined } from '../primitives/omit-undefined';
import type { ProviderIdentity } from '../primitives/scalars';
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
import { findLine } from './state';

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

/** Sets `key` on `target` unless `value` is undefined (C-1.2: absent, never undefined or null). */
const put = (target: Record<string, unknown>, key: string, value: unknown): void => {
  if (value !== undefined) target[key] = value;
};

/** The line an add makes (its fields in the order events have always recorded them). */
const newLine = (
  id: ProviderIdentity,
  item: Addable,
  command: AddProduct,
  crossSell: CrossSell,
  state: ExistingBasket,
): AddedLine => {
  const line: Record<string, unknown> = {
    id,
    productId: item.product.id,
    deliveryMethodIdOptions: item.product.deliveryMethodIdOptions,
    quantity: command.quantity,
  };
  put(line, 'kioskId', command.kioskId);
  put(line, 'timestreamId', command.timestreamId);
  put(line, 'crossSoldFromProductId', crossSell.crossSoldFromProductId);
  put(line, 'crossSoldFromLineItemId', crossSell.crossSoldFromLineItemId);
  if (item.type === 'VariableProduct') {
    const { variant } = item;
    line.type = 'VariableProduct';
    line.unitPrice = fromMinorUnits(state.currency, variant.price);
    line.variant = { id: variant.id, name: variant.name, sku: variant.sku, imageUrl: variant.imageUrl };
    put(line, 'productGroupId', command.productGroupId);
    return line as VariableProductLine;
  }
  const { product } = item;
  line.type = 'Consumable';
  line.unitPrice = fromMinorUnits(state.currency, product.unitPrice);
  line.title = product.title;
  put(line, 'productGroupId', command.productGroupId ?? product.productGroupId);
  put(line, 'validUntil', product.validUntil);
  put(line, 'description', product.description);
  put(line, 'allergens', product.allergens);
  put(line, 'image', product.image);
  put(line, 'calories', product.calories);
  return line as ConsumableLine;
};

/**
 * C-7.3: the same product, variant, kiosk, product group, timestream and cross-sell parent make the
 * same line. Compared with the fields `newLine` would give the added line, without building it.
 */
const sameLine = (line: AddedLine, item: Addable, command: AddProduct, crossSell: CrossSell): boolean =>
  line.productId === item.product.id &&
  variantIdOf(line) === variantOf(item) &&
  line.kioskId === command.kioskId &&
  line.productGroupId ===
    (item.type === 'Consumable'
      ? (command.productGroupId ?? item.product.productGroupId)
      : command.productGroupId) &&
  line.timestreamId === command.timestreamId &&
  line.crossSoldFromLineItemId === crossSell.crossSoldFromLineItemId &&
  line.crossSoldFromProductId === crossSell.crossSoldFromProductId;

const variantOf = (item: Addable): string | undefined =>
  item.type === 'VariableProduct' ? item.variant.id : undefined;

/** addProductToBasket (C-7.2, C-7.3, C-7.3a, C-7.4, C-7.13). */
export const decideAddProduct = (
  command: AddProduct,
  state: ExistingBasket,
  facts: BasketFacts,
): Decision => {
  // Plain Left checks rather than `E.flatMap`: this is the hottest decision (fp-ts's dual `flatMap`
  // copies its arguments on every call).
  const entry = productOnSale(facts, command.productId);
  if (E.isLeft(entry)) return entry;
  const item = addable(entry.right, command);
  if (E.isLeft(item)) return item;
  const currency = facts.catalog.catalog.currency.code;
  const { provider } = entry.right;
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
  const crossSell = crossSellOf(state, facts, command);
  if (E.isLeft(crossSell)) return crossSell;
  return addLine(command, state, facts, entry.right, item.right, crossSell.right);
};

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
  let heldOfResource = 0;
  for (const pb of state.providerBaskets)
    for (const l of pb.lines)
      if (l.productId === product.id && variantIdOf(l) === variantId) heldOfResource += unitsOf(l);
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
  for (const pb of state.providerBaskets) {
    for (const line of pb.lines) {
      if (
        (line.type === 'Consumable' || line.type === 'VariableProduct') &&
        sameLine(line, item, command, crossSell)
      ) {
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
  const target = providerBasketFor(state, entry.provider, ids, command.at);
  if (E.isLeft(target)) return target;
  const { providerBasketId, opening } = target.right;
  return ids.checked(
    accept([
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
