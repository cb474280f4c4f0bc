import { sharedConfig } from '../vitest.shared';

export default sharedConfig({ include: ['**/*.test.ts'], testTimeout: 120_000 });
