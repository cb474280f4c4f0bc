import { describe, expect, it } from 'vitest';
import { accept, commit, events, freshBasket, outboxOf, type StorageRef, succeeded } from './fixture';

/** Outbox (C-5.5): a row per completion, in commit order, marked published after delivery. */
export const outboxCases = (storage: StorageRef): void => {
  describe('outbox (C-5.5)', () => {
    it('writes the completed notification with its completion, at increasing positions in commit order', async () => {
      const { basketId, streamId } = freshBasket();
      const commands = [];
      for (let n = 0; n < 3; n += 1) commands.push(await accept(storage(), basketId));
      for (const [version, command] of commands.entries()) {
        await storage().unitOfWork.commit(
          commit({
            streamId,
            expectedVersion: version,
            events: events('A'),
            completion: succeeded(command.notificationId),
          }),
        );
      }
      const ids = commands.map((command) => command.notificationId);
      const messages = await outboxOf(storage(), ids);
      expect(messages.map((message) => message.notification.notificationId)).toEqual(ids);
      const positions = messages.map((message) => message.position);
      expect(
        positions.every((position, index) => index === 0 || position > (positions[index - 1] ?? 0)),
      ).toBe(true);
      for (const [index, message] of messages.entries()) {
        expect(message.notification).toEqual(await storage().commands.notification(ids[index] ?? ''));
        expect(message.notification.status).toBe('Succeeded');
      }
    });

    it('writes no outbox row for a commit without a completion', async () => {
      const { basketId, streamId } = freshBasket();
      const command = await accept(storage(), basketId);
      await storage().unitOfWork.commit(commit({ streamId, events: events('A') }));
      expect(await outboxOf(storage(), [command.notificationId])).toEqual([]);
    });

    it('lists unpublished messages in order until they are marked published; after() still lists them', async () => {
      const { basketId, streamId } = freshBasket();
      const one = await accept(storage(), basketId);
      const two = await accept(storage(), basketId);
      await storage().unitOfWork.commit(commit({ streamId, completion: succeeded(one.notificationId) }));
      await storage().unitOfWork.commit(commit({ streamId, completion: succeeded(two.notificationId) }));
      const ids = [one.notificationId, two.notificationId];
      const mine = (list: ReadonlyArray<{ readonly notification: { readonly notificationId: string } }>) =>
        list.map((message) => message.notification.notificationId).filter((id) => ids.includes(id));
      expect(mine(await storage().outbox.unpublished(100_000))).toEqual(ids);
      const [first] = await outboxOf(storage(), ids);
      await storage().outbox.markPublished(first === undefined ? [] : [first.position]);
      expect(mine(await storage().outbox.unpublished(100_000))).toEqual([two.notificationId]);
      const [, second] = await outboxOf(storage(), ids);
      await storage().outbox.markPublished(second === undefined ? [] : [second.position]);
      await storage().outbox.markPublished([]);
      expect(mine(await storage().outbox.unpublished(100_000))).toEqual([]);
      expect((await outboxOf(storage(), ids)).map((message) => message.notification.notificationId)).toEqual(
        ids,
      );
    });

    it('counts unpublished messages as the backlog', async () => {
      const { basketId, streamId } = freshBasket();
      const before = await storage().outbox.backlog();
      const commands = [await accept(storage(), basketId), await accept(storage(), basketId)];
      for (const command of commands) {
        await storage().unitOfWork.commit(
          commit({ streamId, completion: succeeded(command.notificationId) }),
        );
      }
      expect(await storage().outbox.backlog()).toBeGreaterThanOrEqual(before + 2);
      // Equal to the unpublished messages, whenever nothing else wrote in between.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const first = await storage().outbox.backlog();
        const listed = await storage().outbox.unpublished(1_000_000);
        if (first !== (await storage().outbox.backlog())) continue;
        expect(listed).toHaveLength(first);
        break;
      }
      const mine = await outboxOf(
        storage(),
        commands.map((command) => command.notificationId),
      );
      await storage().outbox.markPublished(mine.map((message) => message.position));
      const listed = await storage().outbox.unpublished(1_000_000);
      expect(listed.filter((message) => mine.some((m) => m.position === message.position))).toEqual([]);
    });

    it('answers at most `limit` messages, after the given position', async () => {
      const { basketId, streamId } = freshBasket();
      const commands = [await accept(storage(), basketId), await accept(storage(), basketId)];
      for (const command of commands) {
        await storage().unitOfWork.commit(
          commit({ streamId, completion: succeeded(command.notificationId) }),
        );
      }
      const [first, second] = await outboxOf(
        storage(),
        commands.map((command) => command.notificationId),
      );
      expect(first).toBeDefined();
      const page = await storage().outbox.after((first?.position ?? 0) - 1, 1);
      expect(page).toHaveLength(1);
      expect(page[0]?.position).toBe(first?.position);
      const next = await storage().outbox.after(first?.position ?? 0, 100_000);
      expect(next.map((message) => message.position)).toContain(second?.position);
      expect(next.every((message) => message.position > (first?.position ?? 0))).toBe(true);
      expect((await storage().outbox.unpublished(1)).length).toBeLessThanOrEqual(1);
    });

    // Last of the outbox cases: it deletes every row published before its cutoff (a minute from now).
    it('prunes published messages older than the cutoff, at most as many as asked, never unpublished ones (when it can)', async () => {
      const prune = storage().outbox.prunePublished;
      if (prune === undefined) return;
      const { basketId, streamId } = freshBasket();
      const commands = [];
      for (let i = 0; i < 3; i++) commands.push(await accept(storage(), basketId));
      for (const command of commands) {
        await storage().unitOfWork.commit(
          commit({ streamId, completion: succeeded(command.notificationId) }),
        );
      }
      const ids = commands.map((command) => command.notificationId);
      const rows = await outboxOf(storage(), ids);
      await storage().outbox.markPublished(rows.slice(0, 2).map((row) => row.position));
      const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
      // Published just now: not before a cutoff an hour ago.
      await storage().outbox.prunePublished?.(ago(3_600_000), 100_000);
      expect(await outboxOf(storage(), ids)).toHaveLength(3);
      // Before a cutoff a minute ahead, one at a time: at most one of the two goes first.
      expect(await storage().outbox.prunePublished?.(ago(-60_000), 1)).toBe(1);
      expect((await outboxOf(storage(), ids)).length).toBeGreaterThanOrEqual(2);
      for (let batch = 1; batch > 0; ) {
        batch = (await storage().outbox.prunePublished?.(ago(-60_000), 1)) ?? 0;
        expect(batch).toBeLessThanOrEqual(1);
      }
      // The published ones went, the unpublished one stays.
      expect((await outboxOf(storage(), ids)).map((message) => message.notification.notificationId)).toEqual([
        ids[2],
      ]);
      expect(
        (await storage().outbox.unpublished(1_000_000)).map((m) => m.notification.notificationId),
      ).toContain(ids[2]);
    });

    it('prunes the oldest unpublished messages completed before the cutoff, never younger ones (when it can)', async () => {
      const prune = storage().outbox.pruneUnpublished;
      if (prune === undefined) return;
      const { basketId, streamId } = freshBasket();
      const commands = [await accept(storage(), basketId), await accept(storage(), basketId)];
      // Long before anything else a shared storage holds, so that no other row is ever past the cutoff.
      const past = (minutes: number) => new Date(Date.UTC(2000, 0, 1, 0, minutes)).toISOString();
      const completedAt = [past(0), past(20)];
      for (const [i, command] of commands.entries()) {
        await storage().unitOfWork.commit(
          commit({ streamId, completion: succeeded(command.notificationId, completedAt[i]) }),
        );
      }
      const ids = commands.map((command) => command.notificationId);
      // A cutoff before both completions: neither goes.
      await storage().outbox.pruneUnpublished?.(past(-10), 100_000);
      expect(await outboxOf(storage(), ids)).toHaveLength(2);
      // The cutoff between the two: the older goes, the younger stays, still unpublished.
      await storage().outbox.pruneUnpublished?.(past(10), 100_000);
      expect((await outboxOf(storage(), ids)).map((message) => message.notification.notificationId)).toEqual([
        ids[1],
      ]);
      expect(
        (await storage().outbox.unpublished(1_000_000)).map((m) => m.notification.notificationId),
      ).toContain(ids[1]);
    });
  });
};
