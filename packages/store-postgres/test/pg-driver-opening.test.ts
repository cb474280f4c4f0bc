import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPgPool } from '../src/index';
import { openingStatementName } from '../src/pg-opening';
import { freshSchema, postgresUrl } from './support';

// The pg driver's transaction opening (pg-driver.ts): BEGIN, the lock and the reads in one round
// trip, each read an EXECUTE of a statement prepared in SQL once per connection; with no reads,
// BEGIN and the lock go with the transaction's first statement.

const schema = freshSchema();
const lock = { kind: 2, key: 4242 };
const read = { sql: `SELECT n FROM ${schema}.numbers WHERE n > $1 ORDER BY n`, params: [1] };
// One connection: every transaction below runs on the same one unless the driver discards it.
const pool = openPgPool(postgresUrl, { max: 1 });

/** The SQL of every round trip the driver sends from here on (`pg.Client#query` calls). */
const roundTrips = (): ReadonlyArray<string> =>
  querySpy.mock.calls.map(([sql]) =>
    typeof sql === 'string' ? sql : String((sql as { text?: string }).text),
  );
const querySpy = vi.spyOn(pg.Client.prototype, 'query');

beforeAll(async () => {
  await pool.exec(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.numbers (n integer PRIMARY KEY);
    INSERT INTO ${schema}.numbers VALUES (1), (2), (3);`);
  querySpy.mockClear();
});
afterEach(() => {
  querySpy.mockClear();
});
afterAll(async () => {
  querySpy.mockRestore();
  await pool.exec(`DROP SCHEMA ${schema} CASCADE`);
  await pool.close();
});

describe('the pg driver’s transaction opening', () => {
  it('reads in the round trip of BEGIN and the lock, preparing each read once per connection', async () => {
    const first = await pool.transaction(async (_tx, opened) => opened, { lock, reads: [read] });
    const second = await pool.transaction(async (_tx, opened) => opened, {
      lock,
      reads: [read, { ...read, params: [2] }],
    });
    expect(first).toEqual([[{ n: 2 }, { n: 3 }]]);
    expect(second).toEqual([[{ n: 2 }, { n: 3 }], [{ n: 3 }]]);
    const sent = roundTrips();
    // Two openings and two COMMITs: four round trips.
    expect(sent).toHaveLength(4);
    expect(sent[0]).toMatch(
      /^BEGIN;\nSELECT pg_advisory_xact_lock\(2, 4242\);\nSET LOCAL plan_cache_mode = force_generic_plan;\nPREPARE basket_\w+_open AS /,
    );
    expect(sent[0]).toMatch(/EXECUTE basket_\w+_open\(1\)$/);
    // Prepared already on this connection: only EXECUTE, twice.
    expect(sent[2]).not.toMatch(/PREPARE/);
    expect(sent[2]?.match(/EXECUTE/g)).toHaveLength(2);
  });

  it('runs the prepared reads on their generic plans in that transaction alone', async () => {
    const inside = await pool.transaction(async (tx) => tx.query('SHOW plan_cache_mode'), {
      lock,
      reads: [read],
    });
    expect(inside).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    // SET LOCAL: nothing is left on the connection for what runs on it next.
    expect(await pool.query('SHOW plan_cache_mode')).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('sends BEGIN and the lock with the commit of a body that only writes: one round trip', async () => {
    await pool.transaction(
      async (tx) => {
        await tx.commitWith(`INSERT INTO ${schema}.numbers VALUES (10)`);
      },
      { lock },
    );
    expect(roundTrips()).toEqual([
      `BEGIN;\nSELECT pg_advisory_xact_lock(2, 4242);\nINSERT INTO ${schema}.numbers VALUES (10);\nCOMMIT`,
    ]);
    // A body that reads with parameters first opens the transaction before its statement.
    querySpy.mockClear();
    const rows = await pool.transaction(async (tx) => tx.query(read.sql, [9]), { lock });
    expect(rows).toEqual([{ n: 10 }]);
    expect(roundTrips().slice(0, 1)).toEqual(['BEGIN;\nSELECT pg_advisory_xact_lock(2, 4242)']);
    // A body that sends nothing sends nothing at all.
    querySpy.mockClear();
    await pool.transaction(async () => 'nothing', { lock });
    expect(roundTrips()).toEqual([]);
  });

  it('rolls back a refused commit sent with BEGIN, and the connection serves the next transaction', async () => {
    await expect(
      pool.transaction(
        async (tx) => {
          await tx.commitWith(`INSERT INTO ${schema}.numbers VALUES (11), (11)`);
        },
        { lock },
      ),
    ).rejects.toThrow(/duplicate key/);
    const [row] = await pool.query(`SELECT count(*)::int AS c FROM ${schema}.numbers WHERE n = 11`);
    expect(row).toEqual({ c: 0 });
  });

  it('discards a connection whose opening failed after a PREPARE ran, so it is never sent twice', async () => {
    const fresh = { sql: `SELECT n FROM ${schema}.numbers WHERE n = $1`, params: [3] };
    await expect(
      pool.transaction(async () => 'unreached', {
        lock,
        reads: [fresh, { sql: `SELECT n FROM ${schema}.missing WHERE n = $1`, params: [1] }],
      }),
    ).rejects.toThrow(/missing/);
    // Had the connection been kept, this would PREPARE the same name again on it and fail.
    const opened = await pool.transaction(async (_tx, rows) => rows, { lock, reads: [fresh] });
    expect(opened).toEqual([[{ n: 3 }]]);
  });
});

describe('the pg driver behind a pooler in transaction mode (docs/operations.md)', () => {
  const few = { sql: `SELECT n FROM ${schema}.numbers WHERE n < $1 ORDER BY n`, params: [3] };
  const opens = async (db: ReturnType<typeof openPgPool>) =>
    db.transaction(async (_tx, opened) => opened, { lock, reads: [few] });

  it('writes the reads’ values in from the first opening whose prepared statement was gone', async () => {
    const pooled = openPgPool(postgresUrl, { max: 1 });
    try {
      expect(await opens(pooled)).toEqual([[{ n: 1 }, { n: 2 }]]);
      // What another backend behind the same connection looks like: none of this one's statements.
      await pooled.exec('DEALLOCATE ALL');
      querySpy.mockClear();
      expect(await opens(pooled)).toEqual([[{ n: 1 }, { n: 2 }]]);
      expect(await opens(pooled)).toEqual([[{ n: 1 }, { n: 2 }]]);
      const sent = roundTrips();
      expect(sent[0]).toMatch(/EXECUTE basket_\w+_open/);
      // The retry and every opening after it: the values in the text, nothing prepared.
      expect(sent.slice(1).filter((sql) => /PREPARE|EXECUTE/.test(sql))).toEqual([]);
      expect(sent.slice(1).filter((sql) => sql.startsWith('BEGIN'))).toHaveLength(2);
    } finally {
      await pooled.close();
    }
  });

  it('does the same when the statement it prepares is there already', async () => {
    const pooled = openPgPool(postgresUrl, { max: 1 });
    try {
      await pooled.exec(`PREPARE ${openingStatementName(few.sql)} AS ${few.sql}`);
      expect(await opens(pooled)).toEqual([[{ n: 1 }, { n: 2 }]]);
      expect(roundTrips()[1]).toMatch(/PREPARE/);
      expect(
        roundTrips()
          .slice(2)
          .filter((sql) => /PREPARE|EXECUTE/.test(sql)),
      ).toEqual([]);
    } finally {
      await pooled.close();
    }
  });
});
