// Web push in the browser: what this browser can do, and subscribing or unsubscribing it. The service worker
// (/sw.js) is registered only here, when the person asks for push, so no other page loads it.
import { apiClient, call } from './api';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

const SW_URL = '/sw.js';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The registration of our worker if one exists; never registers one. */
async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

/** This browser's state, without asking the person anything. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((v, i) => v === b[i]);

/** Asks permission, registers the worker, subscribes with the server's key and sends the subscription to the server. */
export async function subscribePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const { public_key } = await call(apiClient.GET('/api/push/public-key'));
  const key = keyBytes(public_key);
  const registration = await navigator.serviceWorker.register(SW_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  // Made with another server key (the key was replaced): the push service would refuse our pushes to it.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await call(
    apiClient.POST('/api/me/push-subscriptions', {
      body: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' }, expirationTime: json.expirationTime ?? null },
    }),
  );
  return 'on';
}

/** Tells the server to forget this browser, then drops the browser's subscription. */
export async function unsubscribePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await call(apiClient.DELETE('/api/me/push-subscriptions', { body: { endpoint: subscription.endpoint } }));
    await subscription.unsubscribe();
  }
  return 'off';
}
