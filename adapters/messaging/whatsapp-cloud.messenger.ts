// The Messenger port over Meta's WhatsApp Cloud API (docs/integrations.md#whatsapp): one POST per template message,
// no retry here (a repeated POST could deliver twice); failures are classified for the job, which retries.
import { MessengerError, classifyGraphFailure, graphRecipient, type Messenger, type TemplateMessage } from '../../core/messaging/messenger';
import type { Logger } from '../logger';

export interface WhatsappCloudOptions {
  /** WHATSAPP_API_URL without the trailing slash (https://graph.facebook.com; the tests' fake otherwise). */
  baseUrl: string;
  /** The Graph API version, e.g. v21.0. */
  version: string;
  phoneNumberId: string;
  accessToken: string;
  timeoutMs?: number;
  logger?: Logger;
  fetch?: typeof fetch;
}

export const WHATSAPP_TIMEOUT_MS = 10_000;

/** What the Graph API answers: the message's id, or an error with a numeric code. */
type GraphAnswer = { messages?: Array<{ id?: unknown }>; error?: { code?: unknown; message?: unknown } };

export class WhatsappCloudMessenger implements Messenger {
  readonly name = 'whatsapp-cloud';
  private readonly url: string;

  constructor(private readonly options: WhatsappCloudOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, '')}/${options.version}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  }

  async sendTemplate(message: TemplateMessage): Promise<{ provider_message_id: string }> {
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: graphRecipient(message.to),
      type: 'template',
      template: {
        name: message.template,
        language: { code: message.language },
        ...(message.parameters.length ? { components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }] } : {}),
      },
    };
    let res: Response;
    let text: string;
    try {
      res = await (this.options.fetch ?? fetch)(this.url, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${this.options.accessToken}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? WHATSAPP_TIMEOUT_MS),
      });
      text = await res.text();
    } catch (err) {
      const name = (err as { name?: string } | null)?.name;
      const reason = name === 'TimeoutError' || name === 'AbortError' ? 'tempo esgotado' : `erro de rede (${(err as Error)?.message ?? 'desconhecido'})`;
      throw this.fail(new MessengerError('retryable', null, reason), message.template);
    }
    let json: GraphAnswer | null = null;
    try {
      json = JSON.parse(text) as GraphAnswer;
    } catch {
      json = null;
    }
    const id = json?.messages?.[0]?.id;
    if (res.ok && typeof id === 'string' && id) return { provider_message_id: id };
    if (res.ok) throw this.fail(new MessengerError('retryable', res.status, 'resposta sem o id da mensagem'), message.template);
    const code = typeof json?.error?.code === 'number' ? json.error.code : null;
    const detail = typeof json?.error?.message === 'string' ? json.error.message.slice(0, 200) : `HTTP ${res.status}`;
    throw this.fail(new MessengerError(classifyGraphFailure(res.status, code), code ?? res.status, detail), message.template);
  }

  private fail(err: MessengerError, template: string) {
    // The number and the parameters are not logged: they are the person's data.
    this.options.logger?.warn({ service: 'whatsapp', kind: err.kind, code: err.code, template, reason: err.message }, 'whatsapp: envio falhou');
    return err;
  }
}
