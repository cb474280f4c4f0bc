// docs/adapters.md:49
import type { Storage } from '@basket/app';
import { createMemoryStorage } from '@basket/store-memory';
import { describeStorageConformance } from '@basket/testing';

/** A storage that counts the commits it passes on: an adapter around another one. */
const countingStorage = (inner: Storage): Storage & { readonly commits: () => number } => {
  let commits = 0;
  return {
    ...inner,
    unitOfWork: {
      commit: (commit) => {
        commits += 1;
        return inner.unitOfWork.commit(commit);
      },
    },
    commits: () => commits,
  };
};

describeStorageConformance('counting storage over store-memory', async () =>
  countingStorage(createMemoryStorage()),
);
export {};
