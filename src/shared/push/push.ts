import { z } from 'zod';

/**
 * Web push (issue 30, points 8 and 9): the subscription a browser hands over, the key it needs to
 * make one, and what a push carries to the service worker. Built from z.* calls only, like
 * src/shared/notifications (the browser's first load keeps zod out).
 */

/**
 * A base64url P-256 public key (65 bytes: 87 characters) and a 16-byte auth secret (22). The length
 * is in the pattern, not a separate check, so a generator of valid values (the never-500 walk's
 * fc.stringMatching) makes strings of the right length instead of filtering for them for ever.
 */
const P256DH = /^[A-Za-z0-9_-]{87}$/;
const AUTH = /^[A-Za-z0-9_-]{22}$/;

export const PUSH_ENDPOINT_INVALID = 'The push service address must be an https address';
export const PUSH_SERVICE_UNKNOWN = 'This push service is not one this server sends to';
export const PUSH_KEYS_INVALID = "The browser's push keys are not valid";

/**
 * PUT /api/push/subscription: `PushSubscription.toJSON()` of this browser. The endpoint is the push
 * service's https address (every browser's is); the keys are what RFC 8291 encrypts to.
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.url({ protocol: /^https$/, message: PUSH_ENDPOINT_INVALID }).check(z.maxLength(2048, PUSH_ENDPOINT_INVALID)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: z.string().check(z.regex(P256DH, PUSH_KEYS_INVALID)),
    auth: z.string().check(z.regex(AUTH, PUSH_KEYS_INVALID)),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** GET /api/push/key: the VAPID public key (base64url) a browser subscribes with. */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/**
 * What one push carries (encrypted) to the service worker, which always shows it (src/web/sw.ts):
 * the notification's title and text, the page a tap opens (a path of this site), and a tag so a
 * newer push about the same thing replaces the older one on the device.
 */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.optional(z.string()),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** How urgently a push service should wake the device (RFC 8030 section 5.3). */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';
