// docs/adapters.md:144
import type { Answer, BasketApi, Caller } from '@basket/app';
import { parseIfMatch, requestFingerprint, storeIdOfApiKey } from '@basket/http';

type Message = {
  readonly apiKey: string;
  /** Already verified by your gateway: the token's `sub`. */
  readonly contactId?: string;
  readonly operation: 'getBasket' | 'addProduct';
  readonly basketId: string;
  readonly productId?: string;
  readonly body?: unknown;
  readonly idempotencyKey?: string;
  readonly ifMatch?: string;
};

type Reply =
  | { readonly status: number; readonly body?: unknown; readonly etag?: string }
  | { readonly status: number; readonly problem: { readonly code: string; readonly detail: string } };

const toReply = (answer: Answer): Reply => {
  if ('problem' in answer) return { status: answer.status, problem: answer.problem };
  const etag = answer.version === undefined ? {} : { etag: `"${answer.version}"` };
  return answer.status === 204 ? { status: 204, ...etag } : { status: answer.status, body: answer.body, ...etag };
};

export const messageTransport =
  (api: BasketApi) =>
  async (message: Message): Promise<Reply> => {
    const storeId = storeIdOfApiKey(message.apiKey);
    if (storeId === undefined) return { status: 401, problem: { code: 'unauthorized', detail: 'unknown key' } };
    const path = `/baskets/${message.basketId}/products/${message.productId ?? ''}`;
    const caller: Caller = {
      storeId,
      ...(message.contactId === undefined ? {} : { contactId: message.contactId }),
      ...(message.idempotencyKey === undefined
        ? {}
        : {
            idempotency: {
              key: message.idempotencyKey,
              fingerprint: requestFingerprint('POST', path, message.body),
            },
          }),
    };
    switch (message.operation) {
      case 'getBasket':
        return toReply(await api.getBasket(caller, message.basketId));
      case 'addProduct': {
        const pre = parseIfMatch(message.ifMatch);
        if (!pre.ok) return { status: 400, problem: { code: 'validation-failed', detail: pre.error.message } };
        return toReply(await api.addProduct(caller, message.basketId, message.productId ?? '', message.body, pre.value));
      }
    }
  };
export {};
