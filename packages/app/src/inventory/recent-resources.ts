/**
 * The inventory resources each basket's last decision in this process asked availability of, most
 * recent baskets kept: a basket's next command often asks for the same ones again (a hot basket
 * adding the same product), so its transaction can read them with its opening (TransactionPrefetch).
 * A guess only: a read of other resources is made as usual.
 */
export type RecentResources = {
  readonly get: (basketId: string) => ReadonlyArray<string> | undefined;
  readonly set: (basketId: string, resources: ReadonlyArray<string>) => void;
};

export const createRecentResources = (capacity: number): RecentResources => {
  const entries = new Map<string, ReadonlyArray<string>>();
  return {
    get: (basketId) => entries.get(basketId),
    set: (basketId, resources) => {
      if (capacity <= 0) return;
      entries.delete(basketId);
      entries.set(basketId, resources);
      if (entries.size > capacity) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
  };
};
