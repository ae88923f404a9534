// Development-only mail outbox: GET /api/dev/outbox (JSON) and the /dev/mailbox page; and expiring one's own group now
// (POST /api/dev/groups/:id/expire, what `turma groups expire` does) for demos and browser tests. Absent in production.
import { z } from 'zod';
import { escapeHtml, formatBrasiliaDateTime } from '../../../core/identity/emails';
import type { ExpireGroupsFlow } from '../../../core/flows/expire-groups.flow';
import type { AppUnitOfWork } from '../../db/unit-of-work';
import { isId } from '../../../core/shared/ids';
import { notFound } from '../../../core/shared/errors';
import type { Config } from '../../config';
import { splitLinks } from '../../mail/links';
import type { OutboxMessage, OutboxReader } from '../../mail/outbox.mailer';
import { siteOrigin } from '../site-files';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

const outboxQuerySchema = z.object({
  to: z
    .string()
    .trim()
    .max(320, { message: 'E-mail longo demais' })
    .optional()
    .transform((v) => v || undefined),
});

const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  created_at: z.string().meta({ format: 'date-time' }),
});

const html = { contentType: 'text/html', raw: true } as const;

/** An empty router in production, so /api/dev/* gets the API's JSON 404 and /dev/mailbox falls through to the web app. */
export function devRoutes(config: Config) {
  const router = new ContractRouter({ tag: 'dev' });
  if (config.isProduction) return router;
  const reader = (ctx: AppContext) => ctx.container.get<OutboxReader>(TOKENS.OutboxReader);
  // The messages' links are written with PUBLIC_URL (http://localhost:3000 by default), while a developer may have
  // opened the app at http://127.0.0.1:3000 (another origin: other cookies, signed out there). The outbox shows them
  // on the address the request came in on; the stored message is not changed.
  const publicOrigin = new URL(config.publicUrl).origin;
  const shownHere = (ctx: AppContext): ((m: OutboxMessage) => OutboxMessage) => {
    const origin = siteOrigin(ctx, config);
    // Only a plain host[:port] is put into the links (the Host header is the client's to write).
    const plain = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(origin);
    if (!plain || origin === publicOrigin) return (m) => m;
    const local = (text: string) => text.split(`${publicOrigin}/`).join(`${origin}/`);
    return (m) => ({ ...m, text: local(m.text), html: local(m.html) });
  };

  return router
    .route({
      method: 'get',
      path: '/api/dev/outbox',
      summary: 'Development only: the mail outbox as JSON',
      guard: 'public',
      query: outboxQuerySchema,
      answers: { 200: { description: 'The newest messages (optionally to one address).', schema: z.object({ items: z.array(outboxMessageSchema), total: z.number().int() }) } },
      handler: async (ctx, { query }) => {
        const { items, total } = await reader(ctx).list({ to: query.to });
        ctx.set('Cache-Control', 'no-store');
        return reply(200, { items: items.map(shownHere(ctx)), total });
      },
    })
    .route({
      method: 'get',
      path: '/dev/mailbox',
      summary: 'Development only: the mail outbox page',
      guard: 'public',
      // Read leniently: a bad `to` shows every message rather than an error page.
      describedQuery: outboxQuerySchema,
      answers: { 200: { description: 'An HTML page.', ...html } },
      handler: async (ctx) => {
        const parsed = outboxQuerySchema.safeParse(ctx.query);
        const to = parsed.success ? parsed.data.to : undefined;
        const { items, total } = await reader(ctx).list({ to });
        ctx.set('Cache-Control', 'no-store');
        ctx.type = 'text/html; charset=utf-8';
        return reply(200, renderMailbox({ items: items.map(shownHere(ctx)), total, to, smtpUrlSet: Boolean(config.smtpUrl) }));
      },
    })
    // The message's own HTML body, as a mail client would show it (our templates: escaped values, no scripts).
    .route({
      method: 'get',
      path: '/dev/mailbox/:id',
      summary: 'Development only: one message\'s HTML body',
      guard: 'public',
      params: z.object({ id: z.string() }),
      answers: {
        200: { description: 'The message as HTML.', ...html },
        404: { description: 'No such message (plain text).', contentType: 'text/plain', raw: true },
      },
      handler: async (ctx, { params }) => {
        const message = await reader(ctx).get(params.id);
        if (!message) {
          ctx.type = 'text/plain; charset=utf-8';
          return reply(404, 'Mensagem não encontrada.');
        }
        ctx.set('Cache-Control', 'no-store');
        ctx.type = 'text/html; charset=utf-8';
        return reply(200, shownHere(ctx)(message).html);
      },
    })
    // The web app's /dev/render-error screen throws while rendering only when this answers (never in production).
    .route({
      method: 'get',
      path: '/api/dev/render-error',
      summary: 'Development only: lets the web app\'s /dev/render-error screen fail on purpose',
      guard: 'public',
      answers: { 200: { description: 'Development tools are on.', schema: z.object({ enabled: z.literal(true) }) } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, { enabled: true as const });
      },
    })
    .route({
      method: 'post',
      path: '/api/dev/groups/:id/expire',
      summary: 'Development only: expire a group the caller created, now',
      description: 'As `turma groups expire <id>`: paid entries are refunded, or kept as wallet credit when the member chose so. 404 for a group the caller does not own.',
      guard: 'user',
      params: z.object({ id: z.string() }),
      errors: [404, 409],
      answers: { 200: { description: 'What the expiry did.', schema: z.object({ expired: z.number().int(), refunds_marked: z.number().int(), wallet_credits: z.number().int() }) } },
      handler: async (ctx, { params }) => {
        const group = isId(params.id) ? await ctx.container.get<AppUnitOfWork>(TOKENS.UnitOfWork).repos.groups.groups.findById(params.id) : null;
        if (!group || group.owner_user_id !== ctx.state.user!.id) throw notFound('group_not_found', 'Turma não encontrada.');
        const { expired, refunds_marked, wallet_credits } = await ctx.container.get<ExpireGroupsFlow>(TOKENS.ExpireGroupsFlow).expireNow(group.id);
        return reply(200, { expired, refunds_marked, wallet_credits });
      },
    });
}

/** Escapes every part, then turns the http(s) ones into links. */
function linkify(text: string): string {
  return splitLinks(text)
    .map((p) => (p.link ? `<a href="${escapeHtml(p.text)}">${escapeHtml(p.text)}</a>` : escapeHtml(p.text)))
    .join('');
}

const PAGE_STYLE = `
  :root { color-scheme: dark; --bg:#110e0c; --surface:#1d1916; --border:#352e29; --text:#f7f3ef; --muted:#c0b4aa; --accent:#f97316; --accent-text:#fb9a4b; }
  * { box-sizing: border-box; }
  body { margin:0; background:var(--bg); color:var(--text); font:16px/1.5 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
  main { max-width: 880px; margin: 0 auto; padding: 32px 20px 64px; }
  h1 { margin: 0 0 4px; font-size: 1.75rem; }
  h1 span { color: var(--accent); }
  .lead { margin: 0 0 24px; color: var(--muted); }
  form { display:flex; flex-wrap:wrap; gap:8px; align-items:end; margin: 0 0 24px; }
  label { display:flex; flex-direction:column; gap:4px; font-size:.875rem; color:var(--muted); flex:1 1 280px; }
  input { font:inherit; color:var(--text); background:var(--surface); border:1px solid var(--border); border-radius:10px; padding:10px 12px; }
  input:focus { outline:2px solid var(--accent); outline-offset:1px; }
  button, .clear { font:inherit; font-weight:600; border-radius:10px; padding:10px 18px; border:0; cursor:pointer; text-decoration:none; }
  button { background:var(--accent); color:#1c0d02; border:1px solid var(--accent); }
  .clear { color:var(--text); background:var(--surface); border:1px solid var(--border); }
  .notice { padding:12px 16px; border:1px solid var(--accent); border-radius:12px; background:rgba(249,115,22,.1); margin:0 0 24px; }
  .empty { color:var(--muted); padding:32px; text-align:center; border:1px dashed var(--border); border-radius:16px; }
  ol { list-style:none; margin:0; padding:0; display:grid; gap:16px; }
  article { background:var(--surface); border:1px solid var(--border); border-radius:16px; padding:18px 20px; }
  article h2 { margin:0 0 6px; font-size:1.125rem; }
  .meta { margin:0 0 12px; color:var(--muted); font-size:.875rem; display:flex; flex-wrap:wrap; gap:4px 16px; }
  .tag { color:var(--accent-text); font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
  pre { margin:0; white-space:pre-wrap; overflow-wrap:anywhere; font:14px/1.55 ui-monospace, SFMono-Regular, Menlo, monospace; color:var(--text); background:var(--bg); border-radius:10px; padding:14px; }
  a { color:var(--accent-text); }
  .count { color:var(--muted); font-size:.875rem; margin:0 0 12px; }
`;

function renderMessage(m: OutboxMessage): string {
  return [
    '<li><article>',
    `<h2>${escapeHtml(m.subject)}</h2>`,
    '<p class="meta">',
    `<span>Para: <strong>${escapeHtml(m.to)}</strong></span>`,
    `<span><time datetime="${escapeHtml(m.created_at.toISOString())}">${escapeHtml(formatBrasiliaDateTime(m.created_at))}</time></span>`,
    `<span class="tag">${escapeHtml(m.template)}</span>`,
    `<a href="/dev/mailbox/${encodeURIComponent(m.id)}">ver versão HTML</a>`,
    '</p>',
    `<pre>${linkify(m.text)}</pre>`,
    '</article></li>',
  ].join('');
}

function renderMailbox(page: { items: OutboxMessage[]; total: number; to: string | undefined; smtpUrlSet: boolean }): string {
  const { items, total, to } = page;
  const count =
    total === 0 ? '' : `<p class="count">${total > items.length ? `Mostrando as ${items.length} mais recentes de ${total} mensagens.` : `${total} ${total === 1 ? 'mensagem' : 'mensagens'}.`}</p>`;
  const empty = `<p class="empty">${to ? `Nenhum e-mail para ${escapeHtml(to)}.` : 'Nenhum e-mail enviado ainda. Crie uma conta no app e a confirmação aparece aqui.'}</p>`;
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Caixa de saída (desenvolvimento) · Turma</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1><span>Turma</span> · Caixa de saída</h1>
<p class="lead">Os e-mails que o servidor enviaria, guardados aqui em desenvolvimento. Esta página não existe em produção.</p>
${page.smtpUrlSet ? '<p class="notice">SMTP_URL está definida: os e-mails novos vão para o servidor SMTP e não aparecem aqui.</p>' : ''}
<form method="get" action="/dev/mailbox" role="search">
<label for="to">Filtrar por destinatário<input id="to" name="to" type="email" placeholder="pessoa@exemplo.com" value="${escapeHtml(to ?? '')}"></label>
<button type="submit">Filtrar</button>
${to ? '<a class="clear" href="/dev/mailbox">Ver todos</a>' : ''}
</form>
${count}
${items.length ? `<ol>${items.map(renderMessage).join('\n')}</ol>` : empty}
</main>
</body>
</html>
`;
}
