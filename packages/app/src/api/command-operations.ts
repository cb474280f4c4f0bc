import { type BasketCommand, type Instant, type Operation, operations } from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { type BasketApi, type MethodName, methodNameOf } from './basket-api';
import { basketCommands, type CommandBuilder, type CommandOperation } from './basket-commands';
import type { ApiEnv } from './command-path';
import { decodeBody, decodeOperationPath, decodePathAndBody } from './decode';
import type { Replay } from './idempotency';
import { type BasketRequest, modifyIdempotently } from './modify';
import { inputOf, type OperationInput } from './operation-input';
import type { Answer, Caller } from './types';

/** Every basket command's path names its basket (`/baskets/{id}/…`). */
type DecodedPath = { readonly basketId: string };

/** A builder of any of the basket commands, once its operation's codecs have decoded its input. */
type ErasedBuilder = Omit<CommandBuilder<CommandOperation>, 'command'> & {
  readonly command: (
    input: { readonly path: DecodedPath; readonly body: unknown; readonly caller: Caller },
    at: Instant,
  ) => BasketCommand;
};

/** The status of a command's acceptance: its operation's first answer (200 or 202, C-4.1). */
const acceptanceStatus = (operation: Operation): 200 | 202 =>
  operation.responses[0]?.status === 202 ? 202 : 200;

/**
 * A basket command's request from its input: path ids and body decoded with its operation's codecs
 * (a 400 lists every invalid field of both, C-1.6), then its builder's command.
 */
const basketRequestOf = (
  name: CommandOperation,
  caller: Caller,
  input: OperationInput,
): Either<Answer, BasketRequest> => {
  const operation: Operation = operations[name];
  // The builder of `name` takes what the codecs of `name` decode below (`CommandInput`).
  const builder = basketCommands[name] as ErasedBuilder;
  const path = decodeOperationPath(name, input.params) as Either<Answer, DecodedPath>;
  const decoded: Either<Answer, { readonly path: DecodedPath; readonly body: unknown }> =
    operation.request === undefined
      ? E.map((p: DecodedPath) => ({ path: p, body: undefined }))(path)
      : decodePathAndBody(
          path,
          decodeBody(operation.request.codec, input.body === undefined ? builder.bodyWhenAbsent : input.body),
        );
  return E.map(
    ({ path: p, body }: { readonly path: DecodedPath; readonly body: unknown }): BasketRequest => ({
      basketId: p.basketId,
      operation: name,
      status: acceptanceStatus(operation),
      ...(builder.ownership === undefined ? {} : { ownership: builder.ownership }),
      command: (at) => builder.command({ path: p, body, caller }, at),
    }),
  )(decoded);
};

type CommandMethods = Pick<BasketApi, MethodName<CommandOperation>>;

/**
 * The `BasketApi` methods of the basket commands (`basketCommands`), all alike: the Idempotency-Key
 * replay first (C-6.3), then decoding, then the decision in one transaction (`modifyBasket`).
 */
export const commandOperations = (env: ApiEnv, replay: Replay): CommandMethods => {
  const names = Object.keys(basketCommands) as CommandOperation[];
  const methods = names.map((name) => [
    methodNameOf(name),
    (caller: Caller, ...args: ReadonlyArray<unknown>): Promise<Answer> => {
      const input = inputOf(name, args);
      return modifyIdempotently(env, replay, caller, () => basketRequestOf(name, caller, input), input.pre);
    },
  ]);
  // One method per builder, each taking its operation's arguments (`inputOf` reads them).
  return Object.fromEntries(methods) as CommandMethods;
};
