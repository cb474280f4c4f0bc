import { initialBasketState, SelectSeats } from '@basket/core';
import { describe, expect, it } from 'vitest';
import type { Commit, CommitResult, Storage } from '../src/index';
import { withSeatsInFlight } from '../src/index';
import { gatherFacts } from '../src/transact/facts';
import { fakeStorage } from './fakes/memory-storage';
import { demoCatalog } from './fakes/providers';
import { ADULT_RATE, LIONS_YAKS } from './harness';

const AT = '2026-11-24T10:00:00.000Z';
const SEAT = 'seat:tix:arena|1fed8c284c51a8c8a88c6b61:N-C-1';
const OTHER_SEAT = 'seat:tix:arena|1fed8c284c51a8c8a88c6b61:N-C-2';
const STOCK = 'stock:fnb:arena|46602259e87b5062c3ef0e0f';
/** A read for choosing among free seats (automatic selection): the only kind the seats in flight count in. */
const CHOOSING = { choosing: true } as const;

const commitOf = (holder: string, resources: ReadonlyArray<string>): Commit => ({
  streamId: `basket-${holder}`,
  expectedVersion: 0,
  events: [],
  holds: { holder, holds: resources.map((resource) => ({ resource, quantity: 1, capacity: 10 })) },
  at: AT,
});

/** Storage whose commits wait until released, so that a test can look while one is under way. */
const gatedStorage = () => {
  const inner = fakeStorage();
  const gates: Array<() => void> = [];
  const gate = () => new Promise<void>((open) => gates.push(open));
  const storage: Storage = {
    ...inner,
    unitOfWork: {
      commit: async (commit: Commit): Promise<CommitResult> => {
        await gate();
        return inner.unitOfWork.commit(commit);
      },
      // The body decides at once; a transaction with a commit then waits, as if it were being written.
      transaction: (lock, body) =>
        inner.unitOfWork.transaction(lock, async (reads) => {
          const decided = await body(reads);
          if (decided.commit !== undefined) await gate();
          return decided;
        }),
    },
  };
  return { storage, release: () => gates.shift()?.() };
};

describe('withSeatsInFlight: availability reads count the seats of commits under way in this process', () => {
  it('counts a seat as held by another basket while its commit is under way, and only then', async () => {
    const { storage, release } = gatedStorage();
    const seats = withSeatsInFlight(storage);
    const committing = seats.unitOfWork.commit(commitOf('a', [SEAT, STOCK]));
    const during = await seats.inventory.heldByOthers([SEAT, OTHER_SEAT, STOCK], 'b', AT, CHOOSING);
    expect(during.get(SEAT)).toBe(1);
    expect(during.get(OTHER_SEAT) ?? 0).toBe(0);
    // Stock is counted by the store alone: a basket rewriting its own holds is not someone else's.
    expect(during.get(STOCK) ?? 0).toBe(0);
    // The basket whose commit it is sees its own seat as free to keep.
    expect((await seats.inventory.heldByOthers([SEAT], 'a', AT, CHOOSING)).get(SEAT) ?? 0).toBe(0);
    release();
    expect((await committing)._tag).toBe('Committed');
    // Committed: now the store answers for the seat; nothing is left over in this process.
    const after = await seats.inventory.heldByOthers([SEAT], 'b', AT, CHOOSING);
    expect(after.get(SEAT)).toBe(1);
    expect(
      (await withSeatsInFlight(storage).inventory.heldByOthers([SEAT], 'b', AT, CHOOSING)).get(SEAT),
    ).toBe(1);
  });

  it('counts the seats a transaction decided until it ends, in reads outside and inside transactions', async () => {
    const { storage, release } = gatedStorage();
    const seats = withSeatsInFlight(storage);
    const writing = seats.unitOfWork.transaction('basket-a', async () => ({
      commit: commitOf('a', [SEAT]),
      value: 'a',
    }));
    await new Promise<void>((decided) => {
      const poll = async (): Promise<void> => {
        if ((await seats.inventory.heldByOthers([SEAT], 'b', AT, CHOOSING)).get(SEAT) === 1) decided();
        else setImmediate(poll);
      };
      void poll();
    });
    const seenInside = await seats.unitOfWork.transaction('basket-b', async (reads) => ({
      value: (await reads.heldByOthers([SEAT, OTHER_SEAT], 'b', AT, CHOOSING)).get(SEAT),
    }));
    expect(seenInside).toMatchObject({ _tag: 'Done', value: 1 });
    release();
    expect((await writing)._tag).toBe('Done');
    expect((await seats.inventory.heldByOthers([SEAT], 'b', AT, CHOOSING)).get(SEAT)).toBe(1);
    expect((await seats.inventory.heldByOthers([SEAT], 'a', AT, CHOOSING)).get(SEAT) ?? 0).toBe(0);
  });

  it('leaves a read that is not for choosing (a manual selection) to the store: no refusal rests on a commit that may fail (C-6.5)', async () => {
    const { storage, release } = gatedStorage();
    const seats = withSeatsInFlight(storage);
    const failing = seats.unitOfWork.commit({ ...commitOf('a', [SEAT]), expectedVersion: 5 });
    expect((await seats.inventory.heldByOthers([SEAT], 'b', AT, CHOOSING)).get(SEAT)).toBe(1);
    expect((await seats.inventory.heldByOthers([SEAT], 'b', AT)).get(SEAT) ?? 0).toBe(0);
    const inside = await seats.unitOfWork.transaction('basket-b', async (reads) => ({
      value: (await reads.heldByOthers([SEAT], 'b', AT, { choosing: false })).get(SEAT) ?? 0,
    }));
    expect(inside).toMatchObject({ _tag: 'Done', value: 0 });
    release();
    expect((await failing)._tag).toBe('VersionConflict');
  });

  it('gatherFacts reads for choosing only for an automatic seat selection', async () => {
    const reads: Array<boolean | undefined> = [];
    const inventory = {
      heldByOthers: async (
        _resources: ReadonlyArray<string>,
        _holder: string,
        _now: string,
        read?: { readonly choosing?: boolean },
      ) => {
        reads.push(read?.choosing);
        return new Map<string, number>();
      },
    };
    const selection = (choice: object) => {
      const command = SelectSeats.decode({
        type: 'SelectSeats',
        basketId: 'b',
        at: AT,
        productId: LIONS_YAKS,
        freshIds: [],
        ...choice,
      });
      if (command._tag === 'Left') throw new Error('the command does not decode');
      return command.right;
    };
    const facts = (choice: object) =>
      gatherFacts(inventory, demoCatalog(), selection(choice), initialBasketState, AT);
    await facts({ rates: [{ rateId: ADULT_RATE, quantity: 1 }] });
    const automatic = new Set(reads);
    reads.length = 0;
    await facts({ seats: [{ rateId: ADULT_RATE, seatId: 'N-C-1' }] });
    expect([...automatic]).toEqual([true]);
    expect(new Set(reads)).toEqual(new Set([false]));
  });

  it('forgets the seats of a commit that failed', async () => {
    const { storage, release } = gatedStorage();
    const seats = withSeatsInFlight(storage);
    const failing = seats.unitOfWork.commit({ ...commitOf('a', [SEAT]), expectedVersion: 5 });
    expect((await seats.inventory.heldByOthers([SEAT], 'b', AT, CHOOSING)).get(SEAT)).toBe(1);
    release();
    expect((await failing)._tag).toBe('VersionConflict');
    expect((await seats.inventory.heldByOthers([SEAT], 'b', AT, CHOOSING)).get(SEAT) ?? 0).toBe(0);
  });
});
