import type { JsonObject } from '@basket/app';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { at, commit, events, expectCommitted, freshBasket, type StorageRef } from './fixture';

/** EventStore reads and version-checked appends through `UnitOfWork.commit` (C-6.1, C-6.2). */
export const eventStoreCases = (storage: StorageRef): void => {
  describe('event store', () => {
    it('reads a stream that has no events as empty', async () => {
      expect(await storage().events.readStream(freshBasket().streamId)).toEqual([]);
    });

    it('appends at expectedVersion + 1… and reads the stream oldest first (C-6.1: versions 1..n)', async () => {
      const { streamId } = freshBasket();
      expectCommitted(
        await storage().unitOfWork.commit(commit({ streamId, events: events('A', 'B'), at: at(5) })),
        2,
      );
      expectCommitted(
        await storage().unitOfWork.commit(
          commit({ streamId, expectedVersion: 2, events: events('C'), at: at(7) }),
        ),
        3,
      );
      const read = await storage().events.readStream(streamId);
      expect(read).toEqual([
        { streamId, version: 1, type: 'A', data: { index: 0, type: 'A' }, recorded: at(5) },
        { streamId, version: 2, type: 'B', data: { index: 1, type: 'B' }, recorded: at(5) },
        { streamId, version: 3, type: 'C', data: { index: 0, type: 'C' }, recorded: at(7) },
      ]);
    });

    it("records a stream's events in order of version, though a later commit's clock reads earlier", async () => {
      // Processes decide with their own clocks, before the stream's lock: the later commit may carry
      // the earlier time. Its events are recorded at the stream's last time; other streams keep theirs.
      const [{ streamId }, other] = [freshBasket(), freshBasket()];
      await storage().unitOfWork.commit(commit({ streamId, events: events('A'), at: at(9) }));
      expectCommitted(
        await storage().unitOfWork.commit(
          commit({ streamId, expectedVersion: 1, events: events('B', 'C'), at: at(4) }),
        ),
        3,
      );
      await storage().unitOfWork.commit(commit({ streamId: other.streamId, events: events('A'), at: at(4) }));
      expect((await storage().events.readStream(streamId)).map((event) => event.recorded)).toEqual([
        at(9),
        at(9),
        at(9),
      ]);
      expect((await storage().events.readStream(other.streamId))[0]?.recorded).toBe(at(4));
    });

    it('reads only the events after a version', async () => {
      const { streamId } = freshBasket();
      await storage().unitOfWork.commit(commit({ streamId, events: events('A', 'B', 'C', 'D') }));
      const tail = await storage().events.readStream(streamId, 2);
      expect(tail.map((event) => [event.version, event.type])).toEqual([
        [3, 'C'],
        [4, 'D'],
      ]);
      expect(await storage().events.readStream(streamId, 4)).toEqual([]);
      expect((await storage().events.readStream(streamId, 0)).length).toBe(4);
    });

    it('reads at most `limit` events, oldest first, after a version', async () => {
      const { streamId } = freshBasket();
      await storage().unitOfWork.commit(commit({ streamId, events: events('A', 'B', 'C', 'D') }));
      const page = await storage().events.readStream(streamId, 1, 2);
      expect(page.map((event) => [event.version, event.type])).toEqual([
        [2, 'B'],
        [3, 'C'],
      ]);
      expect((await storage().events.readStream(streamId, 3, 10)).map((event) => event.version)).toEqual([4]);
      expect(await storage().events.readStream(streamId, 0, 0)).toEqual([]);
    });

    it('keeps the schema version of each event; absent means 1 and reads back absent', async () => {
      const { streamId } = freshBasket();
      const written = [
        { type: 'A', data: { index: 0 }, schemaVersion: 2 },
        { type: 'B', data: { index: 1 } },
        { type: 'C', data: { index: 2 }, schemaVersion: 1 },
      ];
      expectCommitted(await storage().unitOfWork.commit(commit({ streamId, events: written })), 3);
      const read = await storage().events.readStream(streamId);
      expect(read.map((event) => [event.type, event.schemaVersion])).toEqual([
        ['A', 2],
        ['B', undefined],
        ['C', undefined],
      ]);
    });

    it('keeps event data as JSON, field for field', async () => {
      const { streamId } = freshBasket();
      const data: JsonObject = {
        text: 'Pie & pint – £12.50 ✓ "quoted" \\ back',
        int: 2147483647,
        negative: -12,
        fraction: 0.5,
        flag: false,
        nothing: null,
        list: [1, 'two', { three: [3] }, []],
        nested: { deeper: { deepest: {} } },
      };
      await storage().unitOfWork.commit(commit({ streamId, events: [{ type: 'Json', data }] }));
      const [event] = await storage().events.readStream(streamId);
      expect(event?.data).toEqual(data);
    });

    it('refuses a stale expectedVersion with a VersionConflict value, and writes nothing', async () => {
      const { streamId } = freshBasket();
      await storage().unitOfWork.commit(commit({ streamId, events: events('A', 'B') }));
      const stale = await storage().unitOfWork.commit(
        commit({ streamId, expectedVersion: 1, events: events('X') }),
      );
      expect(stale).toEqual({ _tag: 'VersionConflict', streamId, expected: 1, actual: 2 });
      const ahead = await storage().unitOfWork.commit(
        commit({ streamId, expectedVersion: 5, events: events('Y') }),
      );
      expect(ahead).toEqual({ _tag: 'VersionConflict', streamId, expected: 5, actual: 2 });
      expect((await storage().events.readStream(streamId)).map((event) => event.type)).toEqual(['A', 'B']);
    });

    it('checks the version of a commit without events too, and answers the unchanged version', async () => {
      const { streamId } = freshBasket();
      await storage().unitOfWork.commit(commit({ streamId, events: events('A') }));
      expectCommitted(await storage().unitOfWork.commit(commit({ streamId, expectedVersion: 1 })), 1);
      expect(await storage().unitOfWork.commit(commit({ streamId, expectedVersion: 0 }))).toMatchObject({
        _tag: 'VersionConflict',
        actual: 1,
      });
    });

    it('keeps streams apart', async () => {
      const one = freshBasket().streamId;
      const two = freshBasket().streamId;
      await storage().unitOfWork.commit(commit({ streamId: one, events: events('A') }));
      expectCommitted(
        await storage().unitOfWork.commit(commit({ streamId: two, events: events('B', 'C') })),
        2,
      );
      expect((await storage().events.readStream(one)).map((event) => event.type)).toEqual(['A']);
    });

    it('lets exactly one of two concurrent commits at the same expectedVersion win (C-6.2)', async () => {
      const { streamId } = freshBasket();
      await storage().unitOfWork.commit(commit({ streamId, events: events('Created') }));
      const results = await Promise.all([
        storage().unitOfWork.commit(commit({ streamId, expectedVersion: 1, events: events('Left') })),
        storage().unitOfWork.commit(
          commit({ streamId, expectedVersion: 1, events: events('Right', 'Right2') }),
        ),
      ]);
      const tags = results.map((result) => result._tag).sort();
      expect(tags).toEqual(['Committed', 'VersionConflict']);
      const read = await storage().events.readStream(streamId);
      const winner = results[0]?._tag === 'Committed' ? ['Created', 'Left'] : ['Created', 'Right', 'Right2'];
      expect(read.map((event) => event.type)).toEqual(winner);
    });

    it('lets exactly one of many concurrent writers win each version', async () => {
      const { streamId } = freshBasket();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, writer) =>
          storage().unitOfWork.commit(commit({ streamId, events: events(`W${writer}`) })),
        ),
      );
      expect(results.filter((result) => result._tag === 'Committed')).toEqual([
        { _tag: 'Committed', version: 1 },
      ]);
      expect(await storage().events.readStream(streamId)).toHaveLength(1);
    });

    it('keeps versions gapless whatever sequence of appends and stale appends runs (property)', {
      timeout: 60_000,
    }, async () => {
      const step = fc.record({
        count: fc.integer({ min: 0, max: 3 }),
        skew: fc.constantFrom(0, 0, 0, -1, 1, 2),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
          const { streamId } = freshBasket();
          const types: string[] = [];
          for (const [index, { count, skew }] of steps.entries()) {
            const expectedVersion = Math.max(0, types.length + skew);
            const batch = Array.from({ length: count }, (_, n) => `E${index}.${n}`);
            const result = await storage().unitOfWork.commit(
              commit({ streamId, expectedVersion, events: events(...batch) }),
            );
            if (expectedVersion === types.length) {
              types.push(...batch);
              expect(result).toEqual({ _tag: 'Committed', version: types.length });
            } else {
              expect(result).toEqual({
                _tag: 'VersionConflict',
                streamId,
                expected: expectedVersion,
                actual: types.length,
              });
            }
          }
          const read = await storage().events.readStream(streamId);
          expect(read.map((event) => event.version)).toEqual(types.map((_, index) => index + 1));
          expect(read.map((event) => event.type)).toEqual(types);
        }),
        { numRuns: 30 },
      );
    });
  });
};
