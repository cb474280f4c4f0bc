import { sharedConfig } from '../vitest.shared.ts';

export default sharedConfig({ include: ['**/*.test.ts'], testTimeout: 120_000 });
