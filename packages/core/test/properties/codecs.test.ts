import {
  basketCommandArbitraries,
  basketCommandTypes,
  basketEventArbitraries,
  basketHistoryArb,
  paymentIntentCommandArbitraries,
  paymentIntentCommandTypes,
  paymentIntentEventArbitraries,
} from '@basket/testing';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import {
  BasketCommand,
  BasketEvent,
  BasketState,
  basketEventTypes,
  PaymentIntentCommand,
  PaymentIntentEvent,
  paymentIntentEventTypes,
} from '../../src';

/*
 * Commands are queued and events stored as JSON (C-4.4's events endpoint shows them): each one
 * must come back from JSON through its codec exactly as it went in, whatever its type.
 */

const throughJson = <A, O>(codec: t.Type<A, O, unknown>, value: A) =>
  codec.decode(JSON.parse(JSON.stringify(codec.encode(value))));

const roundTrips =
  <A, O>(codec: t.Type<A, O, unknown>) =>
  (value: A): void => {
    expect(codec.is(value)).toBe(true);
    expect(throughJson(codec, value)).toEqual(E.right(value));
  };

describe('codec round trips of every command and event (C-1.2, C-1.3, C-4.4)', () => {
  it.each(basketCommandTypes)('every %s basket command decodes from its JSON unchanged', (type) => {
    const arbitrary: fc.Arbitrary<BasketCommand> = basketCommandArbitraries[type];
    fc.assert(fc.property(arbitrary, roundTrips(BasketCommand)));
  });

  it.each(basketEventTypes)('every %s basket event decodes from its JSON unchanged', (type) => {
    const arbitrary: fc.Arbitrary<BasketEvent> = basketEventArbitraries[type];
    fc.assert(fc.property(arbitrary, roundTrips(BasketEvent)));
  });

  it.each(paymentIntentCommandTypes)(
    'every %s payment-intent command decodes from its JSON unchanged',
    (type) => {
      const arbitrary: fc.Arbitrary<PaymentIntentCommand> = paymentIntentCommandArbitraries[type];
      fc.assert(fc.property(arbitrary, roundTrips(PaymentIntentCommand)));
    },
  );

  it.each(paymentIntentEventTypes)(
    'every %s payment-intent event decodes from its JSON unchanged',
    (type) => {
      const arbitrary: fc.Arbitrary<PaymentIntentEvent> = paymentIntentEventArbitraries[type];
      fc.assert(fc.property(arbitrary, roundTrips(PaymentIntentEvent)));
    },
  );

  it('every command, event and state of a generated history decodes from its JSON unchanged (snapshots too)', () => {
    fc.assert(
      fc.property(basketHistoryArb(), (history) => {
        for (const step of history.steps) {
          roundTrips(BasketCommand)(step.command);
          roundTrips(BasketState)(step.after);
        }
        history.events.forEach(roundTrips(BasketEvent));
      }),
      { numRuns: 50 },
    );
  });
});
