// The ShippingLabels port over Melhor Envio (docs/integrations.md#melhor-envio): a label is the cart → checkout →
// generate → print flow, then the parcel is followed with /shipment/tracking (the polling job) or the signed webhook.
// Any refusal is a pt-BR DomainError the back office shows as is (the provider's own message included).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../../core/shared/errors';
import type { LabelRequest, ParcelEventStatus, ParcelUpdate, PurchasedLabel, ShippingLabels, TrackedParcel } from '../../core/shipping';
import type { Logger } from '../logger';

export interface MelhorEnvioSender {
  name: string;
  phone: string;
  email: string;
  /** CNPJ (company_document) or CPF (document), digits only. */
  document: string;
  address: string;
  number: string;
  district: string;
  city: string;
  state_abbr: string;
  postal_code: string;
}

export interface MelhorEnvioLabelOptions {
  baseUrl: string;
  token: string;
  userAgent: string;
  sender: MelhorEnvioSender;
  /** The app's secret: the key of the webhook's X-ME-Signature. */
  webhookSecret?: string | null;
  /** Each call; the operator is waiting on the back office. */
  timeoutMs?: number;
  logger?: Logger;
  fetch?: typeof fetch;
}

export const MELHOR_ENVIO_LABEL_TIMEOUT_MS = 15_000;
export const MELHOR_ENVIO_SIGNATURE_HEADER = 'x-me-signature';

/** Melhor Envio's order statuses (and the carrier's steps it forwards) → the parcel's steps; others say nothing new. */
const STATUS_MAP: Record<string, ParcelEventStatus> = {
  posted: 'posted',
  in_transit: 'in_transit',
  transit: 'in_transit',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  undelivered: 'returned',
  returned: 'returned',
};

export function parcelStatusOf(status: unknown): ParcelEventStatus | null {
  return typeof status === 'string' ? (STATUS_MAP[status.trim().toLowerCase()] ?? null) : null;
}

/** The HMAC-SHA256 of the raw body with the app's secret, base64 (what Melhor Envio sends in X-ME-Signature). */
export function melhorEnvioSignature(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

export function verifyMelhorEnvioSignature(rawBody: string | Buffer, header: string | string[] | undefined, secret: string | null | undefined): boolean {
  if (!secret || typeof header !== 'string' || !header) return false;
  const expected = Buffer.from(melhorEnvioSignature(rawBody, secret));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** When the step happened: the status's own date when Melhor Envio gives it, else now. */
function occurredAt(data: Record<string, unknown>, status: ParcelEventStatus, now: Date): Date {
  const field = { posted: 'posted_at', in_transit: 'updated_at', out_for_delivery: 'updated_at', delivered: 'delivered_at', returned: 'updated_at' }[status];
  const raw = data[field] ?? data.updated_at;
  if (typeof raw !== 'string') return now;
  // "2026-11-28 14:05:00" is São Paulo time (UTC−03:00); an ISO instant carries its own offset.
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(raw) ? `${raw.replace(' ', 'T')}-03:00` : raw;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? now : d;
}

/** One Melhor Envio order (a webhook's `data` or a tracking answer's value) as a parcel step, or null. */
export function parcelUpdateOf(data: unknown, now: Date): ParcelUpdate | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const status = parcelStatusOf(d.status);
  if (!status || (typeof d.id !== 'string' && typeof d.id !== 'number')) return null;
  const tracking = typeof d.tracking === 'string' && d.tracking ? d.tracking : null;
  return { provider_order_id: String(d.id), tracking_code: tracking, status, occurred_at: occurredAt(d, status, now) };
}

export class MelhorEnvioLabels implements ShippingLabels {
  readonly provider = 'melhor_envio';
  readonly buysLabels = true;
  private readonly baseUrl: string;

  constructor(private readonly options: MelhorEnvioLabelOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  canTrack(parcel: Pick<TrackedParcel, 'provider_order_id'>): boolean {
    return parcel.provider_order_id !== null;
  }

  async buyLabel(request: LabelRequest): Promise<PurchasedLabel> {
    const cart = (await this.call('/api/v2/me/cart', this.cartBody(request))) as Record<string, unknown>;
    const id = typeof cart?.id === 'string' || typeof cart?.id === 'number' ? String(cart.id) : null;
    if (!id) throw this.refused('a Melhor Envio não devolveu o pedido do carrinho');
    await this.call('/api/v2/me/shipment/checkout', { orders: [id] });
    const generated = (await this.call('/api/v2/me/shipment/generate', { orders: [id] })) as Record<string, { status?: boolean; message?: string } | undefined>;
    if (generated?.[id] && generated[id]!.status === false) throw this.refused(generated[id]!.message ?? 'etiqueta não gerada');
    const printed = (await this.call('/api/v2/me/shipment/print', { mode: 'private', orders: [id] })) as { url?: unknown };
    const tracked = (await this.call('/api/v2/me/shipment/tracking', { orders: [id] })) as Record<string, Record<string, unknown> | undefined>;
    const t = tracked?.[id] ?? {};
    // The carrier's code once the label exists; Melhor Envio's own code until the carrier gives one.
    const code = [t.tracking, t.melhorenvio_tracking, t.protocol, cart.protocol].find((v): v is string => typeof v === 'string' && v.length > 0);
    if (!code) throw this.refused('a Melhor Envio não devolveu o código de rastreio');
    return { provider_order_id: id, tracking_code: code, label_url: typeof printed?.url === 'string' ? printed.url : null };
  }

  async track(parcels: readonly TrackedParcel[]): Promise<ParcelUpdate[]> {
    const ids = parcels.map((p) => p.provider_order_id).filter((id): id is string => id !== null);
    if (ids.length === 0) return [];
    const answer = (await this.call('/api/v2/me/shipment/tracking', { orders: ids })) as Record<string, unknown>;
    const now = new Date();
    return ids.flatMap((id) => {
      const u = parcelUpdateOf(answer?.[id], now);
      return u ? [u] : [];
    });
  }

  /** The webhook's body, refused (401) unless X-ME-Signature is the body's HMAC with the app's secret. */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): ParcelUpdate[] {
    if (!verifyMelhorEnvioSignature(rawBody, headers[MELHOR_ENVIO_SIGNATURE_HEADER], this.options.webhookSecret)) {
      throw new DomainError('unauthenticated', 'invalid_signature', 'Assinatura do webhook inválida.');
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new DomainError('invalid', 'invalid_input', 'Corpo do webhook não é JSON.');
    }
    const event = (body ?? {}) as { event?: unknown; data?: Record<string, unknown> };
    const data = event.data ? { ...event.data } : null;
    // "order.posted", "order.delivered"…: the event names the status when the data leaves it out.
    if (data && data.status === undefined && typeof event.event === 'string') data.status = event.event.replace(/^order\./, '');
    const u = parcelUpdateOf(data, new Date());
    return u ? [u] : [];
  }

  private cartBody(r: LabelRequest) {
    const s = this.options.sender;
    const service = Number((r.option_id ?? '').replace(/^me-/, ''));
    const grams = r.lines.reduce((sum, l) => sum + l.weight_grams * l.quantity, 0);
    const box = r.lines.reduce((b, l) => ({ h: Math.max(b.h, l.height_cm), w: Math.max(b.w, l.width_cm), l: b.l + l.length_cm * l.quantity }), { h: 2, w: 11, l: 16 });
    const declared = r.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
    return {
      service: Number.isInteger(service) && service > 0 ? service : 1,
      from: { name: s.name, phone: s.phone, email: s.email, ...(s.document.length === 14 ? { company_document: s.document } : { document: s.document }), address: s.address, number: s.number, district: s.district, city: s.city, state_abbr: s.state_abbr, postal_code: s.postal_code, country_id: 'BR' },
      to: {
        name: r.recipient.name,
        phone: r.recipient.phone ?? undefined,
        email: r.recipient.email,
        document: r.recipient.document ?? undefined,
        address: r.recipient.address.street,
        number: r.recipient.address.number,
        complement: r.recipient.address.complement ?? undefined,
        district: r.recipient.address.district,
        city: r.recipient.address.city,
        state_abbr: r.recipient.address.state,
        postal_code: r.recipient.address.cep,
        country_id: 'BR',
      },
      products: r.items.map((i) => ({ name: i.name, quantity: i.quantity, unitary_value: i.unit_price / 100 })),
      volumes: [{ height: box.h, width: box.w, length: Math.min(box.l, 100), weight: Math.max(grams, 100) / 1000 }],
      options: { insurance_value: declared / 100, receipt: false, own_hand: false, reverse: false, non_commercial: true, platform: 'Turma', tags: [{ tag: r.order_id }] },
    };
  }

  private async call(path: string, body: unknown): Promise<unknown> {
    let res: Response;
    let text: string;
    try {
      res = await (this.options.fetch ?? fetch)(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${this.options.token}`, 'user-agent': this.options.userAgent },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? MELHOR_ENVIO_LABEL_TIMEOUT_MS),
      });
      text = await res.text();
    } catch (err) {
      const name = (err as { name?: string } | null)?.name;
      throw this.unavailable(name === 'TimeoutError' || name === 'AbortError' ? 'a Melhor Envio não respondeu a tempo' : 'a Melhor Envio está fora do ar', path);
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.status === 401) throw this.unavailable('o token da Melhor Envio expirou ou é inválido (MELHOR_ENVIO_TOKEN)', path);
    if (res.status === 422 || res.status === 400) throw this.refused(providerMessage(json) ?? 'dados recusados', path);
    if (res.status < 200 || res.status >= 300) throw this.unavailable(`a Melhor Envio respondeu HTTP ${res.status}`, path);
    return json;
  }

  private refused(reason: string, path = '') {
    this.options.logger?.warn({ service: 'melhor_envio', path, reason }, 'melhor_envio: etiqueta recusada');
    return new DomainError('conflict', 'shipping_label_refused', `A Melhor Envio recusou a etiqueta: ${reason}.`);
  }

  private unavailable(reason: string, path: string) {
    this.options.logger?.warn({ service: 'melhor_envio', path, reason }, 'melhor_envio: chamada falhou');
    return new DomainError('unavailable', 'shipping_provider_unavailable', `Não foi possível falar com a transportadora: ${reason}. Tente de novo em instantes.`);
  }
}

/** The provider's own words: `message`, `error`, or the first field error. */
function providerMessage(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const j = json as { message?: unknown; error?: unknown; errors?: Record<string, unknown> };
  const first = j.errors ? Object.values(j.errors).flat()[0] : undefined;
  const parts = [j.error, typeof first === 'string' ? first : undefined, j.message].filter((v): v is string => typeof v === 'string' && v.length > 0);
  return parts[0] ?? null;
}

const senderSchema = z.object({
  name: z.string().trim().min(1),
  phone: z.string().trim().min(8),
  email: z.email(),
  document: z.string().transform((v) => v.replace(/\D/g, '')).pipe(z.string().regex(/^(\d{11}|\d{14})$/, 'CPF (11) ou CNPJ (14 dígitos)')),
  address: z.string().trim().min(1),
  number: z.string().trim().min(1),
  district: z.string().trim().min(1),
  city: z.string().trim().min(1),
  state_abbr: z.string().regex(/^[A-Z]{2}$/, 'UF em maiúsculas'),
  postal_code: z.string().transform((v) => v.replace(/\D/g, '')).pipe(z.string().regex(/^\d{8}$/, 'CEP de 8 dígitos')),
});

/** MELHOR_ENVIO_SENDER (JSON): who sends the parcels, printed on the label; unset: labels are not bought. */
export function parseMelhorEnvioSender(raw: string | undefined): MelhorEnvioSender | null {
  if (!raw?.trim()) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('não é um JSON válido');
  }
  const parsed = senderSchema.safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new Error(`${i.path.join('.') || '(raiz)'}: ${i.message}`);
  }
  return parsed.data;
}
