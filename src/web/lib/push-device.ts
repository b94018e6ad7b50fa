import type { PushSubscriptionBody } from '../../shared/push/push';
import { registerServiceWorker } from './service-worker';

/**
 * This browser's side of web push: whether it can, asking the rider's permission (only ever from
 * a tap: browsers refuse, or remember a refusal, when a page asks on load) and the subscription.
 */
export type PushSupport =
  /** The browser can push (permission may still be asked, granted or refused). */
  | 'supported'
  /** An iPhone or iPad in Safari: push comes only to the app added to the Home Screen (iOS 16.4 and later). */
  | 'ios-home-screen'
  | 'unsupported';

function isAppleMobile(): boolean {
  // iPadOS presents itself as a Mac; it has a touch screen where a Mac has none.
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

export function pushSupport(): PushSupport {
  if (isAppleMobile() && !isStandalone()) return 'ios-home-screen';
  if (!('serviceWorker' in navigator) || typeof window.PushManager === 'undefined' || typeof window.Notification === 'undefined') return 'unsupported';
  return 'supported';
}

export function notificationPermission(): NotificationPermission {
  return typeof window.Notification === 'undefined' ? 'denied' : Notification.permission;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

async function pushManager(): Promise<PushManager | null> {
  const registration = (await navigator.serviceWorker.getRegistration('/')) ?? (await registerServiceWorker());
  if (!registration) return null;
  return (await navigator.serviceWorker.ready).pushManager;
}

/** The subscription this browser holds for this site, if any. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  return (await (await pushManager())?.getSubscription()) ?? null;
}

export class PushPermissionRefused extends Error {}

/**
 * Asks permission (from the rider's tap) and subscribes this browser with the server's key; the
 * subscription as the server takes it. Throws PushPermissionRefused when the rider says no.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscriptionBody> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionRefused(permission);
  const manager = await pushManager();
  if (!manager) throw new Error('No service worker');
  const subscription = (await manager.getSubscription()) ?? (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return subscription.toJSON() as PushSubscriptionBody;
}

/** Ends this browser's subscription at the push service (the server forgets it by its own call). */
export async function unsubscribeDevice(): Promise<void> {
  await (await deviceSubscription())?.unsubscribe();
}
