import {
  aimedCommandArb,
  arbitraryBasketCommand,
  type BasketHistory,
  basketHistoryArb,
  demoFacts,
  type HistoryEnding,
  instantLater,
} from '@basket/testing';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import {
  afterExpiry,
  type BasketCommand,
  type BasketCommandType,
  type BasketState,
  basketDecider,
  customerCommandTypes,
  exists,
  fold,
  type ProblemCode,
} from '../../src';

/*
 * C-8.3, C-8.5, C-7.14: what a locked, checked-out or deleted basket still accepts. Commands are
 * aimed at the basket as its history left it, a second after its last command.
 */

const allTypes: ReadonlyArray<BasketCommandType> = [
  ...customerCommandTypes,
  'CreateBasket',
  'ExpireHolds',
  'LockForPayment',
  'ConfirmProviderBasket',
  'UnlockAfterPayment',
  'CheckOut',
];

const providerBaskets = (state: BasketState) => (exists(state) ? state.providerBaskets : []);

const statusAfterSaga = (type: BasketCommandType): BasketState['status'] => {
  switch (type) {
    case 'UnlockAfterPayment':
      return 'open';
    case 'CheckOut':
      return 'checkedOut';
    default:
      return 'locked';
  }
};

const endingIn = (ending: HistoryEnding, types: ReadonlyArray<BasketCommandType> = customerCommandTypes) =>
  basketHistoryArb({ ending, maxSteps: 15 }).chain((history) => {
    const at = instantLater(history.at, 1000);
    return aimedCommandArb(history.state, at, types).map((aimed) => ({ history, ...aimed }));
  });

/** Whether the provider basket and line that the command's path names exist (C-1.7 answers 404 first). */
const pathExists = (command: BasketCommand, state: BasketState): boolean => {
  const current = afterExpiry(state, command.at);
  if (!exists(current) || !('providerBasketId' in command) || command.type === 'ConfirmProviderBasket')
    return true;
  const pb = current.providerBaskets.find((p) => p.id === command.providerBasketId);
  return (
    pb !== undefined && (!('lineItemId' in command) || pb.lines.some((l) => l.id === command.lineItemId))
  );
};

const refusedWith = (
  history: BasketHistory,
  command: BasketCommand,
  decision: ReturnType<typeof basketDecider.decide>,
  code: ProblemCode,
): void => {
  expect(E.isLeft(decision), `${command.type} was accepted`).toBe(true);
  if (E.isRight(decision)) return;
  const state = history.state;
  // C-1.7: assign-contact by another contact is contact-conflict, in the ownership position.
  const conflict =
    command.type === 'AssignContact' &&
    exists(state) &&
    state.contactId !== undefined &&
    state.contactId !== command.contactId;
  const expected = conflict
    ? ['contact-conflict']
    : pathExists(command, state)
      ? [code]
      : ['provider-basket-not-found', 'line-item-not-found'];
  expect(expected).toContain(decision.left.code);
};

describe('a basket that is not open accepts only what the contract allows', () => {
  it('C-8.3: a locked basket refuses every customer command with basket-locked, storing nothing', () => {
    fc.assert(
      fc.property(endingIn('locked'), ({ history, command, facts }) => {
        fc.pre(history.state.status === 'locked');
        refusedWith(history, command, basketDecider.decide(command, history.state, facts), 'basket-locked');
      }),
    );
  });

  it("C-8.3, C-8.4, C-8.5: a locked basket still takes its intent's saga: confirmations, unlock, checkout, the same lock", () => {
    const saga: ReadonlyArray<BasketCommandType> = [
      'ConfirmProviderBasket',
      'UnlockAfterPayment',
      'CheckOut',
      'LockForPayment',
      'ExpireHolds',
    ];
    fc.assert(
      fc.property(endingIn('locked', saga), ({ history: { state }, command: aimed, facts }) => {
        fc.pre(exists(state) && state.status === 'locked');
        const intent = exists(state) ? (state.activePaymentIntentId ?? '') : '';
        const command = aimed.type === 'LockForPayment' ? { ...aimed, paymentIntentId: intent } : aimed;
        const decision = basketDecider.decide(command, state, facts);
        const current = afterExpiry(state, command.at);
        if (
          command.type === 'ConfirmProviderBasket' &&
          !providerBaskets(current).some((pb) => !pb.confirmed)
        ) {
          expect(decision).toEqual(E.left(expect.objectContaining({ code: 'provider-basket-not-found' })));
          return;
        }
        expect(E.isRight(decision), JSON.stringify(decision)).toBe(true);
        const after = E.isRight(decision) ? fold(basketDecider.evolve, state, decision.right) : state;
        expect(after.status).toBe(statusAfterSaga(command.type));
      }),
    );
  });

  it('C-8.5: a checked-out basket refuses every customer command with basket-checked-out', () => {
    fc.assert(
      fc.property(endingIn('checkedOut'), ({ history, command, facts }) => {
        fc.pre(history.state.status === 'checkedOut');
        refusedWith(
          history,
          command,
          basketDecider.decide(command, history.state, facts),
          'basket-checked-out',
        );
      }),
    );
  });

  it('C-8.5, C-8.6: no command of any kind changes a checked-out basket', () => {
    fc.assert(
      fc.property(endingIn('checkedOut', allTypes), ({ history, command, facts }) => {
        fc.pre(history.state.status === 'checkedOut');
        const decision = basketDecider.decide(command, history.state, facts);
        expect(E.isLeft(decision) || decision.right.length === 0).toBe(true);
      }),
    );
  });

  it('C-7.14: a deleted basket refuses every command with basket-not-found, storing nothing', () => {
    fc.assert(
      fc.property(endingIn('deleted', allTypes), ({ history, command, facts }) => {
        fc.pre(history.state.status === 'deleted');
        const decision = basketDecider.decide(command, history.state, facts);
        const code = command.type === 'CreateBasket' ? 'validation-failed' : 'basket-not-found';
        expect(decision).toEqual(E.left(expect.objectContaining({ code })));
      }),
    );
  });

  it('C-7.14: any command whatsoever on a deleted basket is refused', () => {
    fc.assert(
      fc.property(
        basketHistoryArb({ ending: 'deleted', maxSteps: 10 }),
        arbitraryBasketCommand,
        (history, command) => {
          fc.pre(history.state.status === 'deleted');
          const decision = basketDecider.decide(command, history.state, demoFacts(new Map()));
          expect(E.isLeft(decision)).toBe(true);
        },
      ),
    );
  });
});
