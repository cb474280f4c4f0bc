import type { AcceptedCommand, JsonObject, NotificationRecord, StoredProblem } from '@basket/app';
import type { Row } from './db';
import type { Tables } from './names';
import {
  instant,
  int,
  isJsonObject,
  jsonObject,
  optionalInstant,
  optionalJsonObject,
  optionalText,
  text,
} from './values';

/** The columns of the commands table that the readers below need. */
export const commandColumns =
  'notification_id, store_id, basket_id, sequence, operation, payment_intent_id, command, status, problem, created, completed';

const problemOf = (value: JsonObject): StoredProblem => {
  const { type, title, status, detail, code } = value;
  if (
    typeof type !== 'string' ||
    typeof title !== 'string' ||
    typeof status !== 'number' ||
    typeof detail !== 'string' ||
    typeof code !== 'string'
  ) {
    throw new Error('stored problem is not a problem body');
  }
  return { ...value, type, title, status, detail, code };
};

const statusOf = (row: Row): NotificationRecord['status'] => {
  const status = text(row, 'status');
  if (status === 'Pending' || status === 'Succeeded' || status === 'Failed') return status;
  throw new Error(`unknown notification status ${status}`);
};

export const notificationOf = (row: Row): NotificationRecord => {
  const paymentIntentId = optionalText(row, 'payment_intent_id');
  const completed = optionalInstant(row, 'completed');
  const problem = optionalJsonObject(row, 'problem');
  return {
    notificationId: text(row, 'notification_id'),
    storeId: text(row, 'store_id'),
    basketId: text(row, 'basket_id'),
    operation: text(row, 'operation'),
    ...(paymentIntentId === undefined ? {} : { paymentIntentId }),
    status: statusOf(row),
    created: instant(row, 'created'),
    ...(completed === undefined ? {} : { completed }),
    ...(problem === undefined ? {} : { problem: problemOf(problem) }),
  };
};

const stringField = (value: JsonObject, field: string): string => {
  const found = value[field];
  if (typeof found !== 'string') throw new Error(`stored notification has no ${field}`);
  return found;
};

/** A NotificationRecord as the outbox stores it (JSON written from `notificationOf`). */
export const notificationFromJson = (value: JsonObject): NotificationRecord => {
  const status = stringField(value, 'status');
  if (status !== 'Pending' && status !== 'Succeeded' && status !== 'Failed') {
    throw new Error(`unknown notification status ${status}`);
  }
  const { paymentIntentId, completed, problem } = value;
  return {
    notificationId: stringField(value, 'notificationId'),
    storeId: stringField(value, 'storeId'),
    basketId: stringField(value, 'basketId'),
    operation: stringField(value, 'operation'),
    ...(typeof paymentIntentId === 'string' ? { paymentIntentId } : {}),
    status,
    created: stringField(value, 'created'),
    ...(typeof completed === 'string' ? { completed } : {}),
    ...(isJsonObject(problem) ? { problem: problemOf(problem) } : {}),
  };
};

export const acceptedCommandOf = (row: Row): AcceptedCommand => {
  const paymentIntentId = optionalText(row, 'payment_intent_id');
  return {
    notificationId: text(row, 'notification_id'),
    storeId: text(row, 'store_id'),
    basketId: text(row, 'basket_id'),
    operation: text(row, 'operation'),
    ...(paymentIntentId === undefined ? {} : { paymentIntentId }),
    command: jsonObject(row, 'command'),
    accepted: instant(row, 'created'),
    sequence: int(row, 'sequence'),
  };
};

export const selectNotification = (t: Tables): string =>
  `SELECT ${commandColumns} FROM ${t.commands} WHERE notification_id = $1`;
