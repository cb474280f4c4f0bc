import type { JsonSchema } from './json-schema';

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * JSON Schema keywords of the core's named refinements. A refinement's predicate is a function that
 * no walker can read, so its schema is keyed by the refinement's name; `openapi.test.ts` checks each
 * entry against its codec with fast-check, so the two cannot drift apart unnoticed. A refinement
 * missing here falls back to the schema of the codec it refines.
 */
const byName: ReadonlyMap<string, JsonSchema> = new Map<string, JsonSchema>([
  ['Int32', { type: 'integer', format: 'int32', minimum: INT32_MIN, maximum: INT32_MAX }],
  ['NonEmptyString', { type: 'string', minLength: 1 }],
  [
    'ProviderIdentity',
    {
      type: 'string',
      pattern: '^[a-z0-9]{1,5}(:[a-z0-9]{1,12})?\\|[a-z0-9]{24}$',
      description: '`<provider>|<24 lowercase letters or digits>` (C-1.5)',
      examples: ['fnb:arena|46602259e87b5062c3ef0e0f'],
    },
  ],
  [
    'Uuid',
    {
      type: 'string',
      format: 'uuid',
      pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
    },
  ],
  [
    'Instant',
    {
      type: 'string',
      format: 'date-time',
      description: 'ISO 8601; answered in UTC with milliseconds (C-1.3), accepted with any offset (C-1.7)',
      examples: ['2026-11-21T18:04:05.123Z'],
    },
  ],
  ['EmailAddress', { type: 'string', format: 'email', maxLength: 254 }],
  ['PersonName', { type: 'string', minLength: 1, maxLength: 100 }],
  ['E164PhoneNumber', { type: 'string', pattern: '^\\+[1-9]\\d{1,14}$', examples: ['+441132960000'] }],
  ['PathId', { type: 'string', minLength: 1, maxLength: 128 }],
]);

const BETWEEN = /^Int32 (-?\d+)\.\.(-?\d+)$/;
const AT_LEAST = /^Int32 >= (-?\d+)$/;

/** The schema of a named refinement, or undefined when the name is not a known one. */
export const refinementSchema = (name: string): JsonSchema | undefined => {
  const known = byName.get(name);
  if (known !== undefined) return { ...known };
  const between = BETWEEN.exec(name);
  if (between !== null) {
    return { type: 'integer', format: 'int32', minimum: Number(between[1]), maximum: Number(between[2]) };
  }
  const atLeast = AT_LEAST.exec(name);
  if (atLeast !== null)
    return { type: 'integer', format: 'int32', minimum: Number(atLeast[1]), maximum: INT32_MAX };
  return undefined;
};

/** Refinements that become their own component (`#/components/schemas/<name>`). */
export const namedRefinements: ReadonlySet<string> = new Set(['ProviderIdentity', 'Uuid', 'Instant']);
