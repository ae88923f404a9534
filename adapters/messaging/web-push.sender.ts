// The PushSender on the `web-push` library: it encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID JWT
// (RFC 8292); the request itself goes out through fetch, with a timeout (and to a test's http://127.0.0.1 service).
import webpush from 'web-push';
import type { PushSender, PushSendResult, PushTarget } from '../../core/messaging/push-ports';
import type { PushUrgency } from '../../core/messaging/push-rules';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services can reach us at. */
  subject: string;
}

export class WebPushSender implements PushSender {
  constructor(private readonly options: { vapid: VapidKeys; timeoutMs?: number }) {}

  async send(target: PushTarget, payload: string, options: { ttlSeconds: number; urgency: PushUrgency }): Promise<PushSendResult> {
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: this.options.vapid,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
      });
    } catch (err) {
      // Keys the library cannot use (a corrupt row): sending again would fail the same way.
      return { status: 400, error: `inscrição inválida: ${(err as Error).message}` };
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    try {
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        redirect: 'error',
      });
      const text = response.ok ? '' : (await response.text().catch(() => '')).slice(0, 200);
      return { status: response.status, error: response.ok ? null : text || response.statusText || `HTTP ${response.status}` };
    } catch (err) {
      const e = err as Error;
      return { status: null, error: e.name === 'TimeoutError' ? 'o serviço de push não respondeu a tempo' : `falha de rede: ${e.message}` };
    }
  }
}

/** A new VAPID key pair (base64url), as `npx web-push generate-vapid-keys` prints. */
export const generateVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();
