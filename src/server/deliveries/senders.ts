import type { DeliverySenders } from './deliveries.worker';
import { emailSender } from './email.sender';
import { pushSender } from '../push/push.sender';

/**
 * The sender of each channel the workers deliver. A channel without one is left in the outbox
 * (its rows wait, unclaimed) until a sender is added here.
 */
export function deliverySenders(): DeliverySenders {
  return { email: emailSender, push: pushSender };
}
