import * as E from 'fp-ts/Either';
import type { AppContext } from './context';
import { handleCancelIntent } from './payment/cancel-intent';
import { handleCreateIntent } from './payment/create-intent';
import { handlePayment } from './payment/pay';
import type { AcceptedCommand } from './ports/notifications';
import { internalError } from './processing/completion';
import { completeWithoutChange, type Handled, handleBasketCommand } from './processing/handled';
import { QueuedWork } from './processing/queued-command';

/** Carries out one accepted command: a basket decision, or a step-by-step saga of the payment intent. */
export const handleAccepted = async (ctx: AppContext, accepted: AcceptedCommand): Promise<Handled> => {
  const work = QueuedWork.decode(accepted.command);
  if (E.isLeft(work)) {
    // Nothing this version can carry out: reported, so the basket's later commands are not held up.
    return completeWithoutChange(ctx, accepted, () =>
      internalError(accepted.notificationId, ctx.clock.now()),
    );
  }
  switch (work.right.kind) {
    case 'basket':
      return handleBasketCommand(ctx, accepted, work.right.command);
    case 'createPaymentIntent':
      return handleCreateIntent(ctx, accepted, work.right);
    case 'deletePaymentIntent':
      return handleCancelIntent(ctx, accepted, work.right);
    case 'payWithToken':
      return handlePayment(ctx, accepted, work.right);
  }
};
