import type { HttpReply } from './transport';

/**
 * The last ETag seen of each basket (C-6.1): set by every answer that carries one (create, read,
 * events), forgotten once a command of this client on the basket is accepted (it is stale then)
 * and when the basket is deleted. A read answered after such a command, but sent before it, is not
 * remembered: its ETag may be older than the command (`since` tells when the read was sent).
 */
export type ETagMemory = {
  readonly get: (basketId: string) => string | undefined;
  /** What `remember` is given of a read sent now. */
  readonly since: (basketId: string) => number;
  readonly remember: (basketId: string, reply: HttpReply, since: number) => void;
  readonly forget: (basketId: string) => void;
};

export const createETagMemory = (): ETagMemory => {
  const etags = new Map<string, string>();
  /** Per basket, how many times its ETag was forgotten. */
  const forgotten = new Map<string, number>();
  const since = (basketId: string) => forgotten.get(basketId) ?? 0;
  return {
    get: (basketId) => etags.get(basketId),
    since,
    remember: (basketId, reply, sentAt) => {
      const etag = reply.headers.get('etag');
      if (etag !== null && since(basketId) === sentAt) etags.set(basketId, etag);
    },
    forget: (basketId) => {
      etags.delete(basketId);
      forgotten.set(basketId, since(basketId) + 1);
    },
  };
};
