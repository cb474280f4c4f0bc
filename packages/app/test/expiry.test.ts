import { describe, expect, it } from 'vitest';
import { MINUTE } from './fakes/clock';
import { ADULT_RATE, basketOf, bodyOf, guest, harness, LIONS_YAKS, newBasket, outcomeOf } from './harness';
import { providerBaskets } from './purchase-steps';

const seats = (...seatIds: string[]) => ({
  seats: seatIds.map((seatId) => ({ rateId: ADULT_RATE, seatId })),
});

describe('hold expiry on an injected clock (C-7.8)', () => {
  it('seats held by another basket are unavailable until its holds run out (C-7.5)', async () => {
    const h = harness();
    const first = await newBasket(h);
    const second = await newBasket(h);
    const taken = await h.app.api.selectSeats(guest, first, LIONS_YAKS, seats('N-B-1', 'N-B-2'));
    expect(await outcomeOf(h, taken)).toMatchObject({ status: 'Succeeded' });
    const refused = await h.app.api.selectSeats(guest, second, LIONS_YAKS, seats('N-B-2'));
    expect(await outcomeOf(h, refused)).toMatchObject({
      status: 'Failed',
      problem: { status: 422, code: 'seats-unavailable' },
    });

    h.clock.advance(16 * MINUTE); // tix:arena holds for 15 minutes
    expect(providerBaskets(await basketOf(h, first))).toEqual([]);
    const retaken = await h.app.api.selectSeats(guest, second, LIONS_YAKS, seats('N-B-2'));
    expect(await outcomeOf(h, retaken)).toMatchObject({ status: 'Succeeded' });
  });

  it('sweepExpiredHolds expires the basket and releases its holds in the store', async () => {
    const h = harness();
    const basketId = await newBasket(h);
    await outcomeOf(h, await h.app.api.selectSeats(guest, basketId, LIONS_YAKS, seats('N-C-1')));
    // The seat, and the tally of its section (docs/architecture.md, "Seat selection at scale").
    expect(h.storage.holdsOf(basketId).map((hold) => hold.resource.split(':')[0])).toEqual([
      'seat',
      'section',
    ]);
    expect(await h.app.sweepExpiredHolds()).toEqual([]);

    h.clock.advance(15 * MINUTE);
    expect(await h.app.sweepExpiredHolds()).toEqual([basketId]);
    expect(h.storage.holdsOf(basketId)).toEqual([]);
    const listing = bodyOf(await h.app.api.getBasketEvents(guest, basketId));
    expect(listing.events).toContainEqual(expect.objectContaining({ type: 'ProviderBasketExpired' }));
    expect(await h.app.sweepExpiredHolds()).toEqual([]);
  });
});
