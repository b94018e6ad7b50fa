import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushKey, PushSubscriptionBody } from '../../shared/push/push';
import type { Success } from '../../shared/http/responses';
import { apiRequest } from '../lib/api-client';
import { subscribeDevice, unsubscribeDevice } from '../lib/push-device';
import { authKeys } from './query-keys';

/** GET /api/push/key: the server's VAPID public key. */
export function getPushKey(): Promise<PushKey> {
  return apiRequest<PushKey>('/api/push/key');
}

/** PUT /api/push/subscription: this browser's subscription, kept with its session. */
export function savePushSubscription(subscription: PushSubscriptionBody): Promise<Success> {
  return apiRequest<Success>('/api/push/subscription', { method: 'PUT', body: subscription });
}

/** DELETE /api/push/subscription: no more pushes to this browser. */
export function deletePushSubscription(): Promise<Success> {
  return apiRequest<Success>('/api/push/subscription', { method: 'DELETE' });
}

/**
 * "Notifications on this device": on asks the browser's permission, subscribes it and hands the
 * subscription to the server; off tells the server, then the browser. The sessions list (which
 * marks this device) is read again either way.
 */
export function useDevicePush() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() });
  const turnOn = useMutation({
    mutationFn: async () => savePushSubscription(await subscribeDevice((await getPushKey()).publicKey)),
    onSettled: settled,
  });
  const turnOff = useMutation({
    mutationFn: async () => {
      await deletePushSubscription();
      await unsubscribeDevice();
    },
    onSettled: settled,
  });
  return { turnOn, turnOff };
}
