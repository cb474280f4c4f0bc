import { type Contract, createContract } from './contract';
import type { Credentials } from './tokens';

export type Reply = {
  readonly status: number;
  readonly headers: Headers;
  readonly contentType: string;
  /** The parsed JSON body, the text of any other body, or undefined when empty. */
  readonly body: unknown;
  readonly text: string;
};

export type RequestOptions = {
  /** A JSON body (sent as application/json). */
  readonly json?: unknown;
  /** A raw body, sent with the given headers only. */
  readonly raw?: string;
  readonly headers?: Record<string, string>;
};

export type Client = {
  readonly url: string;
  readonly contract: Contract;
  readonly send: (
    method: string,
    path: string,
    credentials: Credentials,
    options?: RequestOptions,
  ) => Promise<Reply>;
  /** Polls a notification (long poll, C-5.2) until it is no longer Pending. */
  readonly settle: (notificationId: string, credentials: Credentials) => Promise<Record<string, unknown>>;
};

const parse = (contentType: string, text: string): unknown => {
  if (text === '') return undefined;
  return contentType.includes('json') ? JSON.parse(text) : text;
};

/** A client of a spawned server that checks every response against the contract (see contract.ts). */
export const createClient = async (url: string): Promise<Client> => {
  const document: unknown = await (await fetch(`${url}/openapi.json`)).json();
  const contract = createContract(document);

  const send: Client['send'] = async (method, path, credentials, options = {}) => {
    const headers: Record<string, string> = { ...credentials, ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    } else if (options.raw !== undefined) body = options.raw;
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    const reply: Reply = {
      status: response.status,
      headers: response.headers,
      contentType,
      body: parse(contentType, text),
      text,
    };
    const violations = contract.violations(method, path, reply);
    if (violations.length > 0) {
      throw new Error(
        `${method} ${path} → ${reply.status} breaks the contract: ${violations.join('; ')}\n${text.slice(0, 400)}`,
      );
    }
    return reply;
  };

  const settle: Client['settle'] = async (notificationId, credentials) => {
    for (;;) {
      const reply = await send('GET', `/notifications/${notificationId}?waitMs=10000`, credentials);
      if (reply.status !== 200)
        throw new Error(`notification ${notificationId}: ${reply.status} ${reply.text}`);
      const notification = reply.body as Record<string, unknown>;
      if (notification.status !== 'Pending') return notification;
    }
  };

  return { url, contract, send, settle };
};

/** The notification id of a 200/202 answer. */
export const notificationIdOf = (reply: Reply): string => {
  const id = (reply.body as { notificationId?: unknown } | undefined)?.notificationId;
  if (typeof id !== 'string') throw new Error(`no notificationId in ${reply.status} ${reply.text}`);
  return id;
};
