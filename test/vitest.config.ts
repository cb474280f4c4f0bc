import { sharedConfig } from '../vitest.shared.ts';

// The on-sale runs take about a third of this package's time: they start first.
export default sharedConfig({
  include: ['**/*.test.ts'],
  testTimeout: 120_000,
  first: ['onsale/onsale.test.ts'],
});
