#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { badStringReason } from '@basket/core';
import { openApiDocument, renderApiReference } from '@basket/http';
import { readConfig } from './config';
import { events } from './events';
import { serve } from './serve';
import { token } from './token';

const USAGE = `usage: basket <command>

  serve                      start the HTTP service (configuration by environment, see README)
  token [--contact <id>] [--store <id>] [--ttl <seconds>]
                             mint a development JWT (a guest without --contact) and print the store's x-api-key
  events <basketId>          print a basket's history, one JSON line per event
  openapi [--html]           print the OpenAPI 3.1 document (or its HTML reference page)
`;

const fail = (message: string): number => {
  process.stderr.write(`basket: ${message}\n\n${USAGE}`);
  return 2;
};

const main = async (argv: ReadonlyArray<string>): Promise<number | 'serving'> => {
  const [command, ...rest] = argv;
  const asksForHelp = (arg: string) => arg === 'help' || arg === '--help' || arg === '-h';
  if (command === undefined || asksForHelp(command) || rest.some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  const config = readConfig(process.env);
  // One line, without the usage: the command was right, the environment is not.
  if (!config.ok) {
    process.stderr.write(`basket: configuration: ${config.error}\n`);
    return 2;
  }
  switch (command) {
    case 'serve':
      await serve(config.value, process.env);
      return 'serving';
    case 'token': {
      const { values } = parseArgs({
        args: [...rest],
        options: { contact: { type: 'string' }, store: { type: 'string' }, ttl: { type: 'string' } },
      });
      const ttl = values.ttl === undefined ? undefined : Number(values.ttl);
      if (ttl !== undefined && (!Number.isInteger(ttl) || ttl <= 0))
        return fail('--ttl must be a positive integer');
      // The service refuses a token whose sub is empty or holds what no storage keeps (C-2.3).
      if (
        values.contact !== undefined &&
        (values.contact === '' || badStringReason(values.contact) !== undefined)
      )
        return fail('--contact must be a contact id (leave it out for a guest token)');
      return token(config.value, {
        ...(values.contact === undefined ? {} : { contactId: values.contact }),
        ...(values.store === undefined ? {} : { storeId: values.store }),
        ...(ttl === undefined ? {} : { ttlSeconds: ttl }),
      });
    }
    case 'events': {
      endQuietlyOnClosedPipe();
      const [basketId] = rest;
      return basketId === undefined ? fail('events needs a basket id') : events(config.value, basketId);
    }
    case 'openapi': {
      endQuietlyOnClosedPipe();
      const { values } = parseArgs({ args: [...rest], options: { html: { type: 'boolean' } } });
      const document = openApiDocument();
      process.stdout.write(
        values.html === true ? renderApiReference(document) : `${JSON.stringify(document, null, 2)}\n`,
      );
      return 0;
    }
    default:
      return fail(`unknown command ${command}`);
  }
};

/**
 * For the commands that print and end: a reader that stops early (`basket openapi | head`) ends the
 * command quietly, as Unix tools do, rather than with EPIPE's stack trace. Not for `serve`, whose
 * standard output is its log (logger.ts handles a log reader that goes away).
 */
const endQuietlyOnClosedPipe = (): void => {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
};

main(process.argv.slice(2)).then(
  (outcome) => {
    if (outcome !== 'serving') process.exitCode = outcome;
  },
  (error: unknown) => {
    // The message only: a stack trace is for a debugger, not for the terminal of an operator (C-2.8).
    process.stderr.write(`basket: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
