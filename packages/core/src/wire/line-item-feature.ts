import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { ProviderIdentity } from '../primitives/scalars';

/** The feature a cross-sold line carries: the line it was cross-sold from (C-7.4). */
export const CrossSellLineItemFeature = struct(
  { type: t.literal('cross-sell'), crossSoldFromLineItemId: ProviderIdentity },
  { key: t.union([t.string, t.null]) },
  'CrossSellLineItemFeature',
);
export type CrossSellLineItemFeature = t.TypeOf<typeof CrossSellLineItemFeature>;

/** The feature types this library maps; there is only one so far. */
export const LineItemFeature = CrossSellLineItemFeature;
export type LineItemFeature = t.TypeOf<typeof LineItemFeature>;

const MAPPED_FEATURE_TYPES: ReadonlySet<unknown> = new Set(['cross-sell']);

const isUnmappedFeature = (u: unknown): boolean =>
  t.UnknownRecord.is(u) && typeof u.type === 'string' && !MAPPED_FEATURE_TYPES.has(u.type);

const LineItemFeatureArray = t.array(LineItemFeature);

/**
 * A line's features. Decoding skips features of a type this library does not map, as the
 * interface asks of consumers; a mapped feature that is malformed still fails.
 */
export const LineItemFeatures = new t.ArrayType<
  typeof LineItemFeature,
  LineItemFeature[],
  Array<t.OutputOf<typeof LineItemFeature>>,
  unknown
>(
  'LineItemFeatures',
  LineItemFeatureArray.is,
  (u, c) => {
    if (!Array.isArray(u)) return t.failure(u, c);
    const features: LineItemFeature[] = [];
    const errors: t.Errors = [];
    u.forEach((element: unknown, index) => {
      if (isUnmappedFeature(element)) return;
      const decoded = LineItemFeature.validate(
        element,
        t.appendContext(c, String(index), LineItemFeature, element),
      );
      if (decoded._tag === 'Left') errors.push(...decoded.left);
      else features.push(decoded.right);
    });
    return errors.length > 0 ? t.failures(errors) : t.success(features);
  },
  LineItemFeatureArray.encode,
  LineItemFeature,
);
