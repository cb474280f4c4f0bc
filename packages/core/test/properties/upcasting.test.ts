import { basketHistoryArb } from '@basket/testing';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import {
  type BasketEvent,
  type BasketState,
  basketDecider,
  basketEventSchema,
  eventSchemaProblems,
  fold,
  paymentIntentEventSchema,
  readStoredEvent,
  type StoredEvent,
  upcastStoredEvent,
  writeStoredEvent,
} from '../../src';
import { basketEventVersions, VoucherRemovedV1 } from '../../src/basket/event-schema';

/*
 * Stored events are a contract (docs/architecture.md, "Events as a storage contract"): an event
 * written at any older schema version reads back, through the upcasters, as the event written today.
 */

const replay = (events: ReadonlyArray<BasketEvent>): BasketState =>
  fold(basketDecider.evolve, basketDecider.initialState, events);

/** As storage returns it: JSON, the data apart from the type. */
const throughJson = (stored: StoredEvent): StoredEvent => JSON.parse(JSON.stringify(stored));

/** `event` as the first schema version stored it (what the recorded histories hold). */
const atVersion1 = (event: BasketEvent): StoredEvent => {
  if (event.type !== 'VoucherRemoved')
    return { ...writeStoredEvent(basketEventSchema, event), schemaVersion: 1 };
  const { type, ...data } = VoucherRemovedV1.encode({
    type: event.type,
    at: event.at,
    code: event.voucherCode,
    reason: event.reason,
  });
  return { type, schemaVersion: 1, data };
};

const readAll = (stored: ReadonlyArray<StoredEvent>): ReadonlyArray<BasketEvent> =>
  stored.map((s) => {
    const read = readStoredEvent(basketEventSchema, throughJson(s));
    if (E.isLeft(read)) throw new Error(read.left.detail);
    return read.right;
  });

describe('basket events through their schema versions', () => {
  it('every schema has one upcaster from each older version of each type, and none beyond', () => {
    expect(eventSchemaProblems(basketEventSchema)).toEqual([]);
    expect(eventSchemaProblems(paymentIntentEventSchema)).toEqual([]);
    expect(basketEventVersions.VoucherRemoved).toBe(2);
  });

  it('a history encoded at the old versions, then upcast, folds to the state its current events fold to', () => {
    fc.assert(
      fc.property(basketHistoryArb(), (history) => {
        const old = history.events.map(atVersion1);
        const upcast = readAll(old);
        expect(upcast).toEqual(history.events);
        expect(replay(upcast)).toEqual(replay(history.events));
      }),
    );
  });

  it('an event written at its current version reads back as itself', () => {
    fc.assert(
      fc.property(basketHistoryArb(), (history) => {
        const written = history.events.map((event) => writeStoredEvent(basketEventSchema, event));
        for (const [index, stored] of written.entries()) {
          const event = history.events[index] as BasketEvent;
          expect(stored.schemaVersion).toBe(basketEventVersions[event.type]);
        }
        expect(readAll(written)).toEqual(history.events);
      }),
    );
  });

  it('VoucherRemoved version 1 stored `code`; version 2 stores `voucherCode`', () => {
    const v1: StoredEvent = {
      type: 'VoucherRemoved',
      schemaVersion: 1,
      data: { at: '2026-11-21T18:00:00.000Z', code: 'SHIRT10', reason: 'requested' },
    };
    expect(upcastStoredEvent(basketEventSchema, v1)).toEqual(
      E.right({
        type: 'VoucherRemoved',
        schemaVersion: 2,
        data: { at: '2026-11-21T18:00:00.000Z', voucherCode: 'SHIRT10', reason: 'requested' },
      }),
    );
  });

  it('an unknown type, a version from the future or data that does not decode is a value, never thrown', () => {
    const data = { at: '2026-11-21T18:00:00.000Z' };
    const problemOf = (stored: StoredEvent) => {
      const read = readStoredEvent(basketEventSchema, stored);
      return E.isLeft(read) ? read.left._tag : 'read';
    };
    expect(problemOf({ type: 'BasketRenamed', schemaVersion: 1, data })).toBe('UnknownType');
    expect(problemOf({ type: 'BasketDeleted', schemaVersion: 2, data })).toBe('NewerVersion');
    expect(problemOf({ type: 'BasketDeleted', schemaVersion: 0, data })).toBe('NewerVersion');
    expect(problemOf({ type: 'BasketDeleted', schemaVersion: 1, data: {} })).toBe('DoesNotDecode');
    expect(problemOf({ type: 'BasketDeleted', schemaVersion: 1, data })).toBe('read');
    const broken = { ...basketEventSchema, upcasters: [] };
    expect(eventSchemaProblems(broken)).toEqual(['VoucherRemoved: 0 upcasters from version 1, expected 1']);
    const v1 = {
      type: 'VoucherRemoved',
      schemaVersion: 1,
      data: { ...data, code: 'X', reason: 'requested' },
    };
    expect(E.isLeft(upcastStoredEvent(broken, v1))).toBe(true);
  });
});
