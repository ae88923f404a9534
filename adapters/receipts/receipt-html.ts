// The receipt as a self-contained, printable pt-BR HTML page: no script, no external resource, one <style> (allowed by
// RECEIPT_CSP below, which is narrower than the site's document CSP: inline styles only, nothing else loads).
import { escapeHtml } from '../../core/identity/emails';
import type { Receipt } from '../../core/payments/receipt';

/** The CSP the receipt page is served with (the API's `default-src 'none'` would drop its <style>). */
export const RECEIPT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE = [
  'body{margin:0;background:#f5f5f4;color:#1c1917;font:15px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}',
  'main{max-width:720px;margin:32px auto;padding:28px 32px;background:#fff;border:1px solid #e7e5e4;border-radius:16px}',
  'header{display:flex;justify-content:space-between;align-items:baseline;gap:16px;border-bottom:2px solid #ea580c;padding-bottom:12px;margin-bottom:20px}',
  '.brand{font-size:1.6rem;font-weight:700;color:#ea580c;margin:0}h1{font-size:1.15rem;margin:0}',
  '.number{font:600 .95rem ui-monospace,Menlo,Consolas,monospace;color:#57534e}',
  '.amount{font-size:1.6rem;font-weight:700;margin:8px 0 20px}',
  'dl{display:grid;gap:6px;margin:0 0 20px}dl div{display:flex;gap:12px;border-bottom:1px solid #f5f5f4;padding-bottom:4px}',
  'dt{min-width:200px;color:#57534e}dd{margin:0;font-weight:600;word-break:break-word}',
  'table{width:100%;border-collapse:collapse;margin:0 0 20px}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e7e5e4}',
  'th{color:#57534e;font-weight:600}.num{text-align:right;white-space:nowrap}',
  '.note{padding:10px 14px;border-radius:10px;background:#fef2f2;color:#7f1d1d;margin:0 0 16px}',
  'footer{color:#57534e;font-size:.85rem;border-top:1px solid #e7e5e4;padding-top:12px}',
  // A phone (360 px): the page is the sheet, each label sits above its value, the header and the items table tighten.
  '@media (max-width:560px){main{margin:0;border:0;border-radius:0;padding:20px 16px}header{flex-direction:column;gap:4px}',
  'dl div{flex-direction:column;gap:0}dt{min-width:0;font-size:.875rem}.amount{margin:4px 0 16px}',
  'table{font-size:.875rem}th,td{padding:6px 4px}td:first-child{overflow-wrap:anywhere}}',
  '@media print{body{background:#fff}main{border:0;margin:0;max-width:none;padding:0}}',
].join('');

export function renderReceiptHtml(r: Receipt): string {
  const e = escapeHtml;
  const items = r.items.length
    ? [
        '<h2>Itens do pedido</h2><table><thead><tr><th scope="col">Item</th><th scope="col" class="num">Qtd.</th>',
        '<th scope="col" class="num">Preço unitário</th><th scope="col" class="num">Subtotal</th></tr></thead><tbody>',
        ...r.items.map((i) => `<tr><td>${e(i.name)}</td><td class="num">${e(i.quantity)}</td><td class="num">${e(i.unitPrice)}</td><td class="num">${e(i.subtotal)}</td></tr>`),
        '</tbody></table>',
      ].join('')
    : '';
  return [
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${e(r.title)} ${e(r.number)} — ${e(r.brand)}</title><style>${STYLE}</style></head>`,
    '<body><main>',
    `<header><p class="brand">${e(r.brand)}</p><div><h1>${e(r.title)}</h1><p class="number">${e(r.number)}</p></div></header>`,
    `<p class="amount">${e(r.amount)}</p>`,
    r.refundNote ? `<p class="note" role="note">${e(r.refundNote)}</p>` : '',
    '<dl>',
    ...r.lines.map((l) => `<div><dt>${e(l.label)}</dt><dd>${l.href ? `<a href="${e(l.href)}" rel="noopener noreferrer">${e(l.value)}</a>` : e(l.value)}</dd></div>`),
    '</dl>',
    items,
    `<footer><p>${e(r.footer)}</p><p>Documento gerado pela ${e(r.brand)}. Para imprimir ou salvar em PDF, use a impressão do navegador.</p></footer>`,
    '</main></body></html>',
  ].join('');
}
