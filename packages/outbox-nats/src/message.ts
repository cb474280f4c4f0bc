import { type NotificationRecord, notificationView, type OutboxMessage } from '@basket/app';
import { headers, type MsgHdrs } from 'nats';

/** The notification of C-5.2 as `GET /notifications/{id}` answers it (no store id). */
export const notificationBody = notificationView;

const encoder = new TextEncoder();

export const encodeNotification = (record: NotificationRecord): Uint8Array =>
  encoder.encode(JSON.stringify(notificationBody(record)));

export const HEADER = {
  contentType: 'Content-Type',
  storeId: 'Basket-Store-Id',
  basketId: 'Basket-Id',
  operation: 'Basket-Operation',
  status: 'Basket-Notification-Status',
  position: 'Basket-Outbox-Position',
} as const;

const PRINTABLE = /^[\x20-\x7E]*$/;

/** Header values are printable ASCII; anything else is percent-encoded. */
const headerValue = (value: string): string => (PRINTABLE.test(value) ? value : encodeURIComponent(value));

/** Headers beside `Nats-Msg-Id` (which the client sets from `msgID`). */
export const notificationHeaders = (message: OutboxMessage): MsgHdrs => {
  const { notification } = message;
  const hdrs = headers();
  hdrs.set(HEADER.contentType, 'application/json');
  hdrs.set(HEADER.storeId, headerValue(notification.storeId));
  hdrs.set(HEADER.basketId, headerValue(notification.basketId));
  hdrs.set(HEADER.operation, headerValue(notification.operation));
  hdrs.set(HEADER.status, notification.status);
  hdrs.set(HEADER.position, String(message.position));
  return hdrs;
};
