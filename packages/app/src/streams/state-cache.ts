/**
 * The latest folded states this process has seen, by stream, least recently used dropped first.
 * States are immutable, so a cached one is shared as is; a load still reads the events committed
 * after it (by this or any other process), so the cache saves folding, never correctness.
 */
export type StateCache<S> = {
  readonly get: (streamId: string) => { readonly state: S; readonly version: number } | undefined;
  readonly set: (streamId: string, loaded: { readonly state: S; readonly version: number }) => void;
};

export const createStateCache = <S>(capacity: number): StateCache<S> => {
  const entries = new Map<string, { readonly state: S; readonly version: number }>();
  return {
    get: (streamId) => {
      const loaded = entries.get(streamId);
      if (loaded === undefined) return undefined;
      // Re-inserting moves the entry to the end: Map keeps insertion order.
      entries.delete(streamId);
      entries.set(streamId, loaded);
      return loaded;
    },
    set: (streamId, loaded) => {
      if (capacity <= 0) return;
      const known = entries.get(streamId);
      if (known !== undefined && known.version > loaded.version) return;
      entries.delete(streamId);
      entries.set(streamId, loaded);
      if (entries.size > capacity) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
  };
};
