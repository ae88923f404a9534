// The WhatsApp port: one approved template to one E.164 number; a failure says whether to wait, retry or give up.

/** The languages our templates are approved in (Meta's sample `hello_world` exists only in en_US). */
export type TemplateLanguage = 'pt_BR' | 'en_US';

export interface TemplateMessage {
  /** E.164 with the plus: +5511987654321. */
  to: string;
  /** The approved template's name, e.g. `vaga_reservada`. */
  template: string;
  language: TemplateLanguage;
  /** The body's {{1}}, {{2}}… in order. */
  parameters: string[];
}

export interface Messenger {
  /** `whatsapp-cloud` or `outbox`: kept in the log and shown by the CLI. */
  readonly name: string;
  sendTemplate(message: TemplateMessage): Promise<{ provider_message_id: string }>;
}

/**
 * - `rate_limited`: the provider asked us to slow down; the job retries later, with backoff.
 * - `retryable`: the provider or the network failed (5xx, timeout); the job retries.
 * - `permanent`: retrying cannot help (template missing or paused, invalid number, bad parameters, rejected token).
 */
export type MessengerFailure = 'rate_limited' | 'retryable' | 'permanent';

export class MessengerError extends Error {
  constructor(
    readonly kind: MessengerFailure,
    /** The provider's error code (e.g. 132001), the HTTP status when it gave none, or null for a network failure. */
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'MessengerError';
  }
}

/** Graph API codes that mean "slow down": 4 (app), 80007 (account), 130429 (throughput), 131056 (same pair too often). */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131056]);
/**
 * Codes retrying cannot fix: the template missing, paused or disabled (132001, 132015, 132016), its parameters
 * wrong (132000, 132012, 131008, 131009, 100), the number unable to receive (131026, 131030, 131021), outside the
 * 24 h window (131047), the token or permission refused (190, 10, 200).
 */
const PERMANENT_CODES = new Set([100, 10, 190, 200, 131008, 131009, 131021, 131026, 131030, 131047, 131051, 132000, 132001, 132012, 132015, 132016]);

/** Classifies a Graph API failure from its HTTP status and `error.code` (null when the body had none). */
export function classifyGraphFailure(httpStatus: number, code: number | null): MessengerFailure {
  if (httpStatus === 429 || (code !== null && RATE_LIMIT_CODES.has(code))) return 'rate_limited';
  if (code !== null && PERMANENT_CODES.has(code)) return 'permanent';
  if (httpStatus >= 500) return 'retryable';
  // 131000 ("something went wrong") and 131016 (service unavailable) are the provider's own trouble.
  if (code === 131000 || code === 131016) return 'retryable';
  return httpStatus >= 400 ? 'permanent' : 'retryable';
}

/** What an operator or the message log reads about a failure, in pt-BR. */
export function describeFailure(err: MessengerError): string {
  const code = err.code !== null ? ` (código ${err.code})` : '';
  switch (err.kind) {
    case 'rate_limited':
      return `limite de envio do WhatsApp atingido${code}: tentaremos de novo mais tarde`;
    case 'retryable':
      return `WhatsApp indisponível${code}: ${err.message}`;
    default:
      if (err.code === 132001 || err.code === 132015 || err.code === 132016) return `modelo de mensagem não encontrado ou pausado na conta do WhatsApp${code}`;
      if (err.code === 131026 || err.code === 131030 || err.code === 131021) return `número não pode receber mensagens do WhatsApp${code}`;
      if (err.code === 190 || err.code === 10 || err.code === 200) return `token do WhatsApp recusado ou sem permissão${code}`;
      return `mensagem recusada pelo WhatsApp${code}: ${err.message}`;
  }
}

/** +55 11 98765-4321, (11) 98765-4321 or 11987654321 → +5511987654321; null when it cannot be a phone number. */
export function toE164(phone: string, defaultCountry = '55'): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  const full = trimmed.startsWith('+') ? digits : digits.length === 10 || digits.length === 11 ? defaultCountry + digits : digits;
  return /^[1-9]\d{7,14}$/.test(full) ? `+${full}` : null;
}

/** The Graph API's `to`: E.164 without the plus. */
export const graphRecipient = (e164: string) => e164.replace(/^\+/, '');
