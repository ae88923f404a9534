// WhatsApp's webhook (docs/integrations.md#whatsapp): Meta's subscription check, then signed delivery statuses and replies.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { unauthenticated } from '../../../core/shared/errors';
import type { WhatsappService } from '../../../core/messaging/whatsapp.service';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`, compared in constant time. */
export function validHubSignature(rawBody: string, header: string | undefined, appSecret: string): boolean {
  if (!header || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const given = Buffer.from(header.slice(7), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(given, expected);
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

interface WebhookFacts {
  statuses: Array<{ id: string; status: 'sent' | 'delivered' | 'read' | 'failed'; error: string | null }>;
  replies: Array<{ from: string; text: string }>;
}

/** The statuses and the people's texts of one POST (`entry[].changes[].value`); anything else is ignored. */
export function readWebhook(body: unknown): WebhookFacts {
  const facts: WebhookFacts = { statuses: [], replies: [] };
  const entries = (body as { entry?: unknown })?.entry;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const changes = (entry as { changes?: unknown })?.changes;
    for (const change of Array.isArray(changes) ? changes : []) {
      const value = (change as { value?: Record<string, unknown> })?.value ?? {};
      for (const s of Array.isArray(value.statuses) ? value.statuses : []) {
        const st = s as { id?: unknown; status?: unknown; errors?: Array<{ code?: unknown; title?: unknown }> };
        if (typeof st.id !== 'string' || typeof st.status !== 'string' || !STATUSES.has(st.status)) continue;
        const e = Array.isArray(st.errors) ? st.errors[0] : undefined;
        const error = e ? `o WhatsApp não entregou a mensagem: ${String(e.title ?? 'erro')}${typeof e.code === 'number' ? ` (código ${e.code})` : ''}` : null;
        facts.statuses.push({ id: st.id, status: st.status as WebhookFacts['statuses'][number]['status'], error });
      }
      for (const m of Array.isArray(value.messages) ? value.messages : []) {
        const msg = m as { from?: unknown; type?: unknown; text?: { body?: unknown }; button?: { text?: unknown } };
        const text = msg.type === 'text' ? msg.text?.body : msg.type === 'button' ? msg.button?.text : undefined;
        if (typeof msg.from === 'string' && /^\d{8,15}$/.test(msg.from) && typeof text === 'string') facts.replies.push({ from: msg.from, text });
      }
    }
  }
  return facts;
}

const challengeQuery = z.object({ 'hub.mode': z.string().optional(), 'hub.verify_token': z.string().optional(), 'hub.challenge': z.string().optional() });

export function whatsappRoutes() {
  const config = (ctx: AppContext) => ctx.container.get<Config>(TOKENS.Config).whatsapp;
  const service = (ctx: AppContext) => ctx.container.get<WhatsappService>(TOKENS.WhatsappService);

  return new ContractRouter({ tag: 'messaging' })
    .route({
      method: 'get',
      path: '/api/webhooks/whatsapp',
      summary: 'WhatsApp Cloud API: the subscription check (echoes hub.challenge when hub.verify_token matches WHATSAPP_VERIFY_TOKEN)',
      guard: 'public',
      describedQuery: challengeQuery,
      answers: {
        200: { description: 'The challenge, as plain text.', contentType: 'text/plain', raw: true },
        403: { description: 'Wrong or missing verify token (plain text).', contentType: 'text/plain', raw: true },
      },
      handler: async (ctx) => {
        const q = challengeQuery.safeParse(ctx.query);
        const expected = config(ctx).verifyToken;
        ctx.type = 'text/plain; charset=utf-8';
        ctx.set('Cache-Control', 'no-store');
        const token = q.success ? (q.data['hub.verify_token'] ?? '') : '';
        const matches = !!expected && token.length === expected.length && timingSafeEqual(Buffer.from(token), Buffer.from(expected));
        if (q.success && q.data['hub.mode'] === 'subscribe' && matches && q.data['hub.challenge']) return reply(200, q.data['hub.challenge']);
        return reply(403, 'Token de verificação inválido.');
      },
    })
    // Meta retries anything but a 200; a forged or unsigned POST is refused (401) before anything is read.
    .route({
      method: 'post',
      path: '/api/webhooks/whatsapp',
      summary: 'WhatsApp Cloud API events: delivery statuses and replies (header `X-Hub-Signature-256`)',
      guard: 'public',
      describedBody: z.object({ object: z.string(), entry: z.array(z.record(z.string(), z.unknown())) }).loose(),
      errors: [401],
      answers: { 200: { description: 'Received (also for events it does not use).', schema: z.object({ received: z.literal(true), statuses: z.number().int(), stopped: z.number().int() }) } },
      handler: async (ctx) => {
        const secret = config(ctx).appSecret;
        const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
        if (!secret || !validHubSignature(raw, ctx.get('x-hub-signature-256') || undefined, secret)) throw unauthenticated('invalid_signature', 'Assinatura do webhook inválida.');
        const facts = readWebhook(ctx.request.body);
        const whatsapp = service(ctx);
        let statuses = 0;
        let stopped = 0;
        for (const s of facts.statuses) if (await whatsapp.receiveStatus(s.id, s.status, s.error)) statuses++;
        for (const r of facts.replies) if ((await whatsapp.receiveReply(r.from, r.text)) === 'stopped') stopped++;
        if (stopped) ctx.container.get<Logger>(TOKENS.Logger).info({ stopped }, 'whatsapp: resposta PARAR/SAIR recebida, canal desligado');
        return reply(200, { received: true as const, statuses, stopped });
      },
    });
}
