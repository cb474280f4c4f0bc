import type { HttpReply } from './transport';

/**
 * The last ETag seen of each basket (C-6.1): set by every answer that carries one (create, read,
 * events), forgotten once a command of this client on the basket is accepted (it is stale then)
 * and when the basket is deleted.
 */
export type ETagMemory = {
  readonly get: (basketId: string) => string | undefined;
  readonly remember: (basketId: string, reply: HttpReply) => void;
  readonly forget: (basketId: string) => void;
};

export const createETagMemory = (): ETagMemory => {
  const etags = new Map<string, string>();
  return {
    get: (basketId) => etags.get(basketId),
    remember: (basketId, reply) => {
      const etag = reply.headers.get('etag');
      if (etag !== null) etags.set(basketId, etag);
    },
    forget: (basketId) => {
      etags.delete(basketId);
    },
  };
};
