import { type BasketHistory, basketHistoryArb } from '@basket/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BasketCommandType, basketEventTypes } from '../../src';

/*
 * The properties over generated histories say something only if the histories do: every command
 * succeeds often, every event and status is reached, and the refusals are the varied ones of C-3.3
 * and C-8.1 rather than one mistake made again and again.
 */

const histories: ReadonlyArray<BasketHistory> = fc.sample(basketHistoryArb(), {
  numRuns: 200,
  seed: 20261121,
});
const steps = histories.flatMap((h) => h.steps);

const count = <K>(keys: ReadonlyArray<K>): ReadonlyMap<K, number> => {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
};

describe('generated basket histories', () => {
  it('accept most commands of every type (C-7, C-8): a healthy mix, not a wall of refusals', () => {
    const all = count(steps.map((s) => s.command.type));
    const accepted = count(steps.filter((s) => s.outcome._tag === 'Right').map((s) => s.command.type));
    const changed = count(
      steps
        .filter((s) => s.outcome._tag === 'Right' && s.outcome.right.length > 0)
        .map((s) => s.command.type),
    );
    expect(all.size).toBe(18);
    for (const [type, total] of all) {
      expect((accepted.get(type) ?? 0) / total, type).toBeGreaterThanOrEqual(0.4);
      expect(changed.get(type) ?? 0, type).toBeGreaterThan(0);
    }
    const share = (types: ReadonlyArray<BasketCommandType>) =>
      types.reduce((n, t) => n + (accepted.get(t) ?? 0), 0);
    expect(share([...all.keys()]) / steps.length).toBeGreaterThanOrEqual(0.65);
  });

  it('reach every status and every event, with every reason for removals and unlocks (C-7.4, C-7.8, C-7.11, C-8.4)', () => {
    expect(new Set(histories.map((h) => h.state.status))).toEqual(
      new Set(['open', 'locked', 'checkedOut', 'deleted']),
    );
    const events = histories.flatMap((h) => h.events);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(basketEventTypes));
    const reasons = new Set(events.map((e) => ('reason' in e ? `${e.type}:${e.reason}` : e.type)));
    for (const reason of [
      'LineItemRemoved:deleted',
      'LineItemRemoved:replaced',
      'LineItemRemoved:cross-sell-parent-removed',
      'VoucherRemoved:requested',
      'VoucherRemoved:no-matching-line',
      'BasketUnlocked:cancelled',
      'BasketUnlocked:provider-refused',
    ]) {
      expect(reasons).toContain(reason);
    }
  });

  it('meet the refusals of C-3.3, C-8.1 and C-8.3 along the way', () => {
    const codes = new Set(steps.flatMap((s) => (s.outcome._tag === 'Left' ? [s.outcome.left.code] : [])));
    for (const code of [
      'basket-locked',
      'insufficient-capacity',
      'seats-unavailable',
      'wrong-product-type',
      'product-unavailable',
      'product-not-found',
      'variant-required',
      'currency-mismatch',
      'kiosk-not-found',
      'rate-not-found',
      'time-slot-not-found',
      'voucher-invalid',
      'voucher-not-applicable',
      'delivery-method-invalid',
      'seat-not-in-basket',
      'contact-conflict',
      'payment-intent-state',
      'basket-empty',
      'delivery-not-covered',
      'customer-details-missing',
    ] as const) {
      expect(codes).toContain(code);
    }
  });
});
