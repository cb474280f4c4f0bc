import type { EventStore, Snapshot, SnapshotStore, StreamId } from '@basket/app';
import type { Queryable } from './db';
import type { Tables } from './names';
import { instant, int, jsonObject, jsonParam, text } from './values';

export const postgresEventStore = (db: Queryable, t: Tables): EventStore => ({
  readStream: async (streamId, afterVersion = 0, limit) => {
    const rows = await db.query(
      `SELECT version, type, data, recorded, schema_version FROM ${t.events}
        WHERE stream_id = $1 AND version > $2 ORDER BY version LIMIT $3`,
      [streamId, afterVersion, limit === undefined ? null : Math.max(0, limit)],
    );
    return rows.map((row) => {
      const schemaVersion = int(row, 'schema_version');
      return {
        streamId,
        version: int(row, 'version'),
        type: text(row, 'type'),
        data: jsonObject(row, 'data'),
        // Absent means 1 (NewEvent): returned only above.
        ...(schemaVersion > 1 ? { schemaVersion } : {}),
        recorded: instant(row, 'recorded'),
      };
    });
  },
});

/** Stores the snapshot unless the stored one is as new or newer. */
export const saveSnapshot = async (db: Queryable, t: Tables, streamId: StreamId, snapshot: Snapshot) => {
  await db.query(
    `INSERT INTO ${t.snapshots} AS s (stream_id, version, schema, state) VALUES ($1, $2, $3, $4::jsonb)
      ON CONFLICT (stream_id) DO UPDATE
        SET version = excluded.version, schema = excluded.schema, state = excluded.state, saved = now()
        WHERE s.version < excluded.version`,
    [streamId, snapshot.version, snapshot.schema, jsonParam(snapshot.state)],
  );
};

export const postgresSnapshotStore = (db: Queryable, t: Tables): SnapshotStore => ({
  load: async (streamId) => {
    const [row] = await db.query(`SELECT version, schema, state FROM ${t.snapshots} WHERE stream_id = $1`, [
      streamId,
    ]);
    if (row === undefined) return undefined;
    return { version: int(row, 'version'), schema: text(row, 'schema'), state: jsonObject(row, 'state') };
  },
  save: (streamId, snapshot) => saveSnapshot(db, t, streamId, snapshot),
});
