import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { basketEventVersions } from '@basket/core';
import { describe, expect, it } from 'vitest';
import { foldViews, type RecordedHistory } from './fold';

/**
 * Golden histories: event streams written by an earlier version of the service, with the views
 * they gave then (recorded by histories/record.ts). Stored events are a contract: every later
 * version must still read them and give the same basket views.
 */
const directory = resolve(import.meta.dirname, '../fixtures/histories');
const histories: ReadonlyArray<RecordedHistory> = readdirSync(directory)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(resolve(directory, file), 'utf8')) as RecordedHistory);

describe('recorded event histories still load and give the views recorded with them', () => {
  it('the recordings cover the lifecycle: checkout, cancelled intent, expiry and deletion', () => {
    const types = new Set(histories.flatMap((h) => h.events.map((e) => e.type)));
    for (const type of ['BasketCreated', 'ProviderBasketExpired', 'BasketDeleted', 'VoucherRemoved']) {
      expect(types).toContain(type);
    }
    expect(histories.length).toBeGreaterThanOrEqual(3);
  });

  it('the recordings hold events of an older schema version, so they are read through the upcasters', () => {
    const current = new Map<string, number>(Object.entries(basketEventVersions));
    const older = histories.flatMap((h) =>
      h.events.filter((e) => (e.schemaVersion ?? 1) < (current.get(e.type) ?? 1)),
    );
    expect(older.map((e) => e.type)).toContain('VoucherRemoved');
  });

  it.each(histories.map((h) => [h.name, h] as const))('%s', (_name, history) => {
    expect(history.events.map((e) => e.version)).toEqual(history.events.map((_, i) => i + 1));
    expect(foldViews(history)).toEqual(history.views);
  });
});
