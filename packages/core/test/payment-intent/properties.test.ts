import fc from 'fast-check';
import { isRight, right } from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { PaymentIntent } from '../../src';
import {
  PaymentIntentCommand,
  PaymentIntentEvent,
  PaymentIntentState,
  paymentIntentDecider,
  paymentIntentExists,
  paymentIntentTransitionOf,
} from '../../src/payment-intent';
import { paymentIntentView } from '../../src/wire';
import {
  at,
  cancelNotification,
  fnb,
  intentId,
  otherCancelNotification,
  pspReference,
  start,
  stranger,
  tix,
} from './fixtures';

/**
 * Any command the saga, a customer or a confused client could send after the start, in any order;
 * weighted so that runs reach every status (refusals and cancellations are rarer than answers).
 */
const commandArb = (minute: number): fc.Arbitrary<PaymentIntentCommand> => {
  const base = { paymentIntentId: intentId, at: at(minute) };
  const answer = (providerBasketId: typeof tix, verdict: 'confirmed' | 'refused'): PaymentIntentCommand => ({
    type: 'RecordProviderAnswer',
    ...base,
    providerBasketId,
    answer: verdict,
  });
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(tix, fnb).map((id) => answer(id, 'confirmed')) },
    { weight: 1, arbitrary: fc.constantFrom(tix, fnb, stranger).map((id) => answer(id, 'refused')) },
    { weight: 1, arbitrary: fc.constant(answer(stranger, 'confirmed')) },
    {
      weight: 3,
      arbitrary: fc.constant<PaymentIntentCommand>({
        type: 'RecordPaymentSession',
        ...base,
        pspPaymentreference: pspReference,
        pspPayload: { sessionId: `s${minute}` },
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(cancelNotification, otherCancelNotification).map(
        (notificationId): PaymentIntentCommand => ({
          type: 'RequestCancellation',
          ...base,
          notificationId,
        }),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(tix, fnb).map(
        (providerBasketId): PaymentIntentCommand => ({
          type: 'RecordConfirmationReleased',
          ...base,
          providerBasketId,
        }),
      ),
    },
    { weight: 1, arbitrary: fc.constant<PaymentIntentCommand>({ type: 'RecordSessionVoided', ...base }) },
    {
      weight: 4,
      arbitrary: fc
        .record({
          tokenId: fc.constantFrom('tok_a', 'tok_b'),
          outcome: fc.constantFrom('succeeded' as const, 'declined' as const),
        })
        .map((c): PaymentIntentCommand => ({ type: 'RecordPayment', ...base, ...c })),
    },
  );
};

const commandsArb = fc
  .integer({ min: 0, max: 25 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => commandArb(i + 1))));

type Run = {
  readonly history: ReadonlyArray<PaymentIntentEvent>;
  readonly states: ReadonlyArray<PaymentIntentState>;
};

/** Decides each command on the state so far, keeping what succeeded (refusals change nothing). */
const run = (commands: ReadonlyArray<PaymentIntentCommand>): Run => {
  let state = paymentIntentDecider.initialState;
  const history: PaymentIntentEvent[] = [];
  const states: PaymentIntentState[] = [];
  for (const command of [start, ...commands]) {
    const decision = paymentIntentDecider.decide(command, state, undefined);
    if (decision._tag === 'Left') {
      expect(decision.left.code).toBe('payment-intent-state');
      continue;
    }
    for (const event of decision.right) {
      expect(paymentIntentTransitionOf(state.status, event.type)).toBeDefined();
      state = paymentIntentDecider.evolve(state, event);
      history.push(event);
    }
    states.push(state);
  }
  return { history, states };
};

describe('payment intent properties', () => {
  it('the generated runs reach every status (so the properties below say something)', () => {
    const reached = new Set(
      fc.sample(commandsArb, 300).map((commands) => run(commands).states.at(-1)?.status),
    );
    expect([...reached].sort()).toEqual([
      'AwaitingPayment',
      'Cancelled',
      'PaymentComplete',
      'PreparingPayment',
    ]);
  });

  it('C-8.6: no sequence of commands makes a decision the transition table refuses', () => {
    fc.assert(fc.property(commandsArb, (commands) => void run(commands)));
  });

  it('C-8.6: a payment is taken at most once, and never after a cancellation', () => {
    fc.assert(
      fc.property(commandsArb, (commands) => {
        const types = run(commands).history.map((e) => e.type);
        expect(types.filter((t) => t === 'PaymentCompleted').length).toBeLessThanOrEqual(1);
        expect(types.includes('PaymentCompleted') && types.includes('PaymentIntentCancelled')).toBe(false);
      }),
    );
  });

  it('C-8.2: AwaitingPayment means ready, with nobody pending in the creation machine', () => {
    fc.assert(
      fc.property(commandsArb, (commands) => {
        for (const state of run(commands).states) {
          if (state.status !== 'AwaitingPayment') continue;
          expect(state.creation).toMatchObject({
            ready: true,
            pendingProviderBaskets: [],
            pendingPaymentProvider: false,
          });
        }
      }),
    );
  });

  it('every event and every state round-trips through its codec (storage and snapshots)', () => {
    fc.assert(
      fc.property(commandsArb, (commands) => {
        const { history, states } = run(commands);
        for (const event of history) {
          expect(PaymentIntentEvent.decode(JSON.parse(JSON.stringify(event)))).toEqual(right(event));
        }
        for (const state of states) {
          expect(PaymentIntentState.decode(JSON.parse(JSON.stringify(state)))).toEqual(right(state));
        }
        for (const command of commands) {
          expect(PaymentIntentCommand.decode(JSON.parse(JSON.stringify(command)))).toEqual(right(command));
        }
      }),
    );
  });

  it('C-1.1, C-1.2: every paymentIntentView decodes with the PaymentIntent codec, unchanged', () => {
    fc.assert(
      fc.property(commandsArb, (commands) => {
        for (const state of run(commands).states) {
          if (!paymentIntentExists(state)) continue;
          const json: unknown = JSON.parse(JSON.stringify(paymentIntentView(state)));
          const decoded = PaymentIntent.decode(json);
          expect(isRight(decoded)).toBe(true);
          if (isRight(decoded)) expect(decoded.right).toEqual(json);
          expect(Object.values(paymentIntentView(state)).some((v) => v === undefined)).toBe(false);
        }
      }),
    );
  });
});
