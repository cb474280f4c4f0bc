import type { EventStore, RecordedEvent, Snapshot, SnapshotStore, StreamId } from '@basket/app';
import type { Queryable, Row } from './db';
import type { Tables } from './names';
import { instant, int, jsonObject, jsonParam, text } from './values';

/** The columns of a recorded event, and a stream's events after a version ($1 stream, $2 version, $3 limit). */
export const eventColumns = 'version, type, data, recorded, schema_version';
export const eventsAfterSql = (t: Tables): string =>
  `SELECT ${eventColumns} FROM ${t.events} WHERE stream_id = $1 AND version > $2 ORDER BY version LIMIT $3`;

export const recordedOf = (streamId: StreamId, row: Row): RecordedEvent => {
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
};

/** A stream's latest snapshot ($1 stream), and the events after it ($1 stream). */
export const snapshotSql = (t: Tables): string =>
  `SELECT version, schema, state FROM ${t.snapshots} WHERE stream_id = $1`;
export const eventsAfterSnapshotSql = (t: Tables): string =>
  `SELECT ${eventColumns} FROM ${t.events} WHERE stream_id = $1
    AND version > coalesce((SELECT version FROM ${t.snapshots} WHERE stream_id = $1), 0) ORDER BY version`;

export const snapshotOf = (row: Row): Snapshot => ({
  version: int(row, 'version'),
  schema: text(row, 'schema'),
  state: jsonObject(row, 'state'),
});

export const postgresEventStore = (db: Queryable, t: Tables): EventStore => ({
  readStream: async (streamId, afterVersion = 0, limit) => {
    const rows = await db.query(eventsAfterSql(t), [
      streamId,
      afterVersion,
      limit === undefined ? null : Math.max(0, limit),
    ]);
    return rows.map((row) => recordedOf(streamId, row));
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
    const [row] = await db.query(snapshotSql(t), [streamId]);
    return row === undefined ? undefined : snapshotOf(row);
  },
  save: (streamId, snapshot) => saveSnapshot(db, t, streamId, snapshot),
});
