import { describe, expect, it } from 'vitest';
import { pgliteTestDatabase, postgresTestDatabase, type TestDatabase } from './support';

describe.each([
  ['PostgreSQL', () => postgresTestDatabase(1)],
  ['PGlite', pgliteTestDatabase],
] as const)('sharedTime on %s: the database clock the server takes its time from', (_name, open) => {
  it('answers the database time in epoch ms, moving forward', async () => {
    const database: TestDatabase = await open();
    try {
      const storage = await database.storage();
      const sharedTime = storage.sharedTime;
      if (sharedTime === undefined) throw new Error('no sharedTime');
      const before = Date.now();
      const first = await sharedTime();
      const second = await sharedTime();
      // Same host here: within a few seconds of this process's clock.
      expect(Math.abs(first - before)).toBeLessThan(5_000);
      expect(second).toBeGreaterThanOrEqual(first);
    } finally {
      await database.cleanup();
    }
  });
});
