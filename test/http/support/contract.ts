import {
  AcceptedNotificationResponse,
  Basket,
  EventListing,
  Notification,
  NotificationResponse,
  PaymentIntent,
  Problem,
} from '@basket/core';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type OpenApi = {
  readonly paths: Record<string, Record<string, { responses: Record<string, ResponseSpec> }>>;
};
type ResponseSpec = { content?: Record<string, { schema: Record<string, unknown> }> };

/** The core codec of each component a response can be. */
const codecs: Readonly<Record<string, { decode: (u: unknown) => { _tag: string } }>> = {
  Basket,
  PaymentIntent,
  NotificationResponse,
  AcceptedNotificationResponse,
  Notification,
  EventListing,
  Problem,
};

export type Checked = {
  readonly status: number;
  readonly contentType: string;
  readonly body: unknown;
  readonly text: string;
};

/**
 * Checks every response against the server's own `/openapi.json` and the core codecs: its status is
 * one the operation declares, its body validates against the declared schema and decodes with the
 * codec of that schema; every 4xx/5xx is a problem+json (C-3.1); a 204 has no body.
 */
export const createContract = (document: unknown) => {
  const openApi = document as OpenApi;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(openApi as object, 'openapi.json');
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (pointer: string): ValidateFunction => {
    const known = validators.get(pointer);
    if (known !== undefined) return known;
    const compiled = ajv.compile({ $ref: `openapi.json${pointer}` });
    validators.set(pointer, compiled);
    return compiled;
  };
  const templates = Object.keys(openApi.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]*')}$`),
  }));
  const operationOf = (method: string, path: string) => {
    const match = templates.find(({ pattern }) => pattern.test(path));
    const operation = match === undefined ? undefined : openApi.paths[match.template]?.[method.toLowerCase()];
    return match === undefined || operation === undefined
      ? undefined
      : { template: match.template, operation };
  };
  const pointerSegment = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

  const decodes = (name: string, body: unknown): boolean => {
    const codec = codecs[name];
    return codec === undefined || codec.decode(body)._tag === 'Right';
  };

  /** Every violation of `response`; empty when it conforms. */
  const violations = (method: string, path: string, response: Checked): string[] => {
    const found: string[] = [];
    const isProblem = response.status >= 400;
    if (isProblem) {
      if (!response.contentType.startsWith('application/problem+json'))
        found.push(`content type ${response.contentType}`);
      const problem = validatorOf('#/components/schemas/Problem');
      if (!problem(response.body)) found.push(`problem schema: ${ajv.errorsText(problem.errors)}`);
      if (!decodes('Problem', response.body)) found.push('Problem codec');
      if (response.text.includes('    at ')) found.push('a stack trace');
    }
    if (response.status === 204 && response.text !== '') found.push('a 204 with a body');
    const matched = method === 'HEAD' ? undefined : operationOf(method, path.split('?')[0] ?? '');
    if (matched === undefined) return found;
    const spec = matched.operation.responses[String(response.status)];
    if (spec === undefined)
      return [...found, `status ${response.status} is not declared for ${method} ${path}`];
    const [mediaType, media] = Object.entries(spec.content ?? {})[0] ?? [];
    if (mediaType === undefined || media === undefined || isProblem || mediaType === 'text/html')
      return found;
    const ref = media.schema.$ref;
    const pointer = `#/paths/${pointerSegment(matched.template)}/${method.toLowerCase()}/responses/${response.status}/content/${pointerSegment(mediaType)}/schema`;
    const validate = validatorOf(pointer);
    if (!validate(response.body)) found.push(`schema ${String(ref)}: ${ajv.errorsText(validate.errors)}`);
    const name = typeof ref === 'string' ? (ref.split('/').pop() ?? '') : '';
    if (!decodes(name, response.body)) found.push(`${name} codec`);
    return found;
  };
  return { violations };
};

export type Contract = ReturnType<typeof createContract>;
