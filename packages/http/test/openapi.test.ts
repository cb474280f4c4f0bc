import { readFileSync } from 'node:fs';
import {
  Basket,
  E164PhoneNumber,
  Instant,
  Int32,
  LineQuantity,
  NonEmptyString,
  Notification,
  PathId,
  PaymentIntent,
  PersonName,
  ProviderIdentity,
  Uuid,
} from '@basket/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { openApiDocument, renderApiReference, routes } from '../src/index';
import { createSchemaRegistry } from '../src/openapi/json-schema';

const document = openApiDocument({ servers: [{ url: 'http://127.0.0.1:3000' }] });

/** Ajv over the whole document, so that `$ref`s into components resolve. */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(document, 'openapi.json');
const validatorOf = (name: string) => ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });

describe('the OpenAPI document (C-4.4)', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('has every route, once, with its success and problem statuses', () => {
    const paths = document.paths as Record<
      string,
      Record<string, { operationId: string; responses: object }>
    >;
    for (const route of routes) {
      const operation = paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.operationId).toBe(route.operationId);
      for (const response of route.responses)
        expect(Object.keys(operation?.responses ?? {})).toContain(String(response.status));
      expect(Object.keys(operation?.responses ?? {})).toContain('401');
    }
    const operationIds = Object.values(paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(operationIds).toHaveLength(routes.length + 4);
  });

  it('documents the 401 challenge as sent, and the bodies the interface leaves optional as optional', () => {
    type Op = {
      requestBody?: { required?: boolean };
      responses: Record<string, { headers?: Record<string, { schema: { const?: string } }> }>;
    };
    const paths = document.paths as Record<string, Record<string, Op>>;
    const challenge = paths['/baskets/{id}']?.get?.responses['401']?.headers?.['WWW-Authenticate'];
    expect(challenge?.schema.const).toBe('Bearer realm="basket"');
    // Interface row 14: customerDetails (O); rows 7, 8, 9, 11 and 16 mark their bodies required.
    expect(paths['/baskets/{id}/set-customer-details']?.patch?.requestBody?.required).toBe(false);
    expect(paths['/baskets/{id}/products/{productId}']?.post?.requestBody?.required).toBe(true);
  });

  it('names the resources of the interface as components', () => {
    const schemas = Object.keys((document.components as { schemas: object }).schemas);
    for (const name of [
      'Basket',
      'ProviderBasket',
      'LineItem',
      'PaymentIntent',
      'Notification',
      'Problem',
      'Money',
    ]) {
      expect(schemas).toContain(name);
    }
  });
});

/** Values around a codec's edges: every decoded value must validate, every rejected one must not. */
const probes = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom('a', 'z', '0', '9', '|', ':', '-', '+', 'A'), maxLength: 50 }),
  fc.uuid({ version: [4, 7] }),
  fc.uuid().map((u) => u.toUpperCase()),
  fc.integer({ min: -(2 ** 31) - 2, max: 2 ** 31 + 2 }),
  fc.integer({ min: -3, max: 130 }),
  fc.double(),
  fc.stringMatching(/^[a-z0-9]{1,6}(:[a-z0-9]{1,13})?\|[a-z0-9]{23,25}$/),
  fc.stringMatching(/^\+[0-9]{1,16}$/),
  fc.constant(null),
  fc.boolean(),
);

const agreement: ReadonlyArray<[string, t.Any]> = [
  ['Int32', Int32],
  ['NonEmptyString', NonEmptyString],
  ['ProviderIdentity', ProviderIdentity],
  ['Uuid', Uuid],
  ['PersonName', PersonName],
  ['E164PhoneNumber', E164PhoneNumber],
  ['PathId', PathId],
  ['LineQuantity', LineQuantity],
];

describe('the schemas of refinements agree with their codecs', () => {
  it.each(agreement)('%s', (_name, codec) => {
    const registry = createSchemaRegistry();
    const schema = registry.schemaOf(codec);
    const local = new Ajv2020({ strict: false });
    addFormats.default(local);
    const validate = local.compile(resolve(schema, registry));
    fc.assert(
      fc.property(probes, (value) => {
        expect(validate(value)).toBe(codec.decode(value)._tag === 'Right');
      }),
      { numRuns: 2000 },
    );
  });

  it('every canonical Instant is a date-time', () => {
    const validate = validatorOf('Instant');
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true, min: new Date(0), max: new Date('9999-12-31') }), (date) => {
        const instant = date.toISOString();
        expect(Instant.is(instant)).toBe(true);
        expect(validate(instant)).toBe(true);
      }),
    );
  });
});

/** A `$ref` to a component is replaced by the component itself, for a schema compiled alone. */
const resolve = (schema: Record<string, unknown>, registry: ReturnType<typeof createSchemaRegistry>) => {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  return registry.components()[ref.split('/').pop() ?? ''] ?? schema;
};

describe('known values validate against the document', () => {
  it('a Basket, a PaymentIntent and a Notification as the codecs encode them', () => {
    const money = { minorUnits: 0, currencyCode: 'GBP', precision: 2 };
    const basket = {
      id: '0190a3c2-7d4e-7a51-9b3e-5f2a6c1d8e90',
      created: '2026-11-21T18:04:05.123Z',
      updated: '2026-11-21T18:04:05.123Z',
      providerBaskets: [],
      customerDetails: [{ type: 'Email' }],
      totalPrice: money,
      deliveryTotalPrice: money,
      missingCustomerDetailFields: true,
      vouchers: [],
    };
    expect(Basket.decode(basket)._tag).toBe('Right');
    expect(validatorOf('Basket')(basket)).toBe(true);
    expect(validatorOf('Basket')({ ...basket, totalPrice: { minorUnits: '0' } })).toBe(false);
    const notification = {
      notificationId: '0190a3c2-7d4e-7a51-9b3e-5f2a6c1d8e91',
      status: 'Failed',
      operation: 'addProductToBasket',
      basketId: '0190a3c2-7d4e-7a51-9b3e-5f2a6c1d8e90',
      created: '2026-11-21T18:04:05.123Z',
      completed: '2026-11-21T18:04:05.124Z',
      problem: { type: 'x', title: 'y', status: 422, detail: 'z', code: 'product-not-found' },
    };
    expect(Notification.decode(notification)._tag).toBe('Right');
    expect(validatorOf('Notification')(notification)).toBe(true);
    expect(validatorOf('Notification')({ ...notification, status: 'Done' })).toBe(false);
    expect(validatorOf('PaymentIntent')({ id: 'x' })).toBe(false);
    expect(PaymentIntent.is({ id: 'x' })).toBe(false);
  });
});

describe('docs/api-reference.html', () => {
  it('is the page rendered from the current document (regenerate: `pnpm -s basket openapi --html > docs/api-reference.html`)', () => {
    const committed = readFileSync(new URL('../../../docs/api-reference.html', import.meta.url), 'utf8');
    expect(committed).toBe(renderApiReference(openApiDocument()));
  });
});
