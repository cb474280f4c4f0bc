import type { JsonObject } from '../ports/json';
import type { AcceptedCommand, NotificationCompletion, NotificationRecord } from '../ports/notifications';

/** The notification of C-5.2 as the interface shows it (the store it is scoped to is not shown). */
export const notificationView = (record: NotificationRecord): JsonObject => ({
  notificationId: record.notificationId,
  status: record.status,
  operation: record.operation,
  basketId: record.basketId,
  ...(record.paymentIntentId === undefined ? {} : { paymentIntentId: record.paymentIntentId }),
  created: record.created,
  ...(record.completed === undefined ? {} : { completed: record.completed }),
  ...(record.problem === undefined ? {} : { problem: { ...record.problem } }),
});

/** The record of an accepted command once `completion` is committed. */
export const completedRecord = (
  command: AcceptedCommand,
  completion: NotificationCompletion,
): NotificationRecord => ({
  notificationId: command.notificationId,
  storeId: command.storeId,
  basketId: command.basketId,
  operation: command.operation,
  ...(command.paymentIntentId === undefined ? {} : { paymentIntentId: command.paymentIntentId }),
  created: command.accepted,
  ...completion.outcome,
});
