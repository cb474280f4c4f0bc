import * as t from 'io-ts';
import { struct } from './combinators';

/** The stable problem codes: synchronous (C-3.2), in notifications (C-3.3), createPaymentIntent's (C-8.1). */
export const ProblemCode = t.keyof(
  {
    'validation-failed': null,
    unauthorized: null,
    forbidden: null,
    'basket-not-found': null,
    'provider-basket-not-found': null,
    'line-item-not-found': null,
    'payment-intent-not-found': null,
    'notification-not-found': null,
    'not-found': null,
    'method-not-allowed': null,
    'basket-locked': null,
    'basket-checked-out': null,
    'contact-conflict': null,
    'payment-intent-state': null,
    'precondition-failed': null,
    'payload-too-large': null,
    'unsupported-media-type': null,
    'idempotency-key-reused': null,
    'idempotency-key-in-use': null,
    'payment-declined': null,
    'internal-error': null,
    'product-not-found': null,
    'product-unavailable': null,
    'wrong-product-type': null,
    'seats-unavailable': null,
    'insufficient-capacity': null,
    'quantity-limit': null,
    'variant-required': null,
    'variant-not-found': null,
    'cross-sell-parent-not-found': null,
    'cross-sell-not-allowed': null,
    'currency-mismatch': null,
    'voucher-invalid': null,
    'voucher-not-applicable': null,
    'delivery-method-invalid': null,
    'kiosk-not-found': null,
    'collection-time-invalid': null,
    'seat-not-in-basket': null,
    'basket-limit': null,
    'provider-refused': null,
    'rate-not-found': null,
    'time-slot-not-found': null,
    'seat-not-found': null,
    'basket-empty': null,
    'delivery-not-covered': null,
    'customer-details-missing': null,
  },
  'ProblemCode',
);
export type ProblemCode = t.TypeOf<typeof ProblemCode>;

/** One invalid field of a request (or of a catalog file): where it is and what was expected. */
export const FieldError = struct({ path: t.string, message: t.string }, {}, 'FieldError');
export type FieldError = t.TypeOf<typeof FieldError>;
