// Receipts of confirmed payments, over HTTP on the real server with the sandbox provider: the HTML page and
// the PDF of an entry and a balance, who may see them, the refusal while a payment is pending, and the e-mail's link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../core/shared/money';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';
import { pdfText } from '../support/pdf-text';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function pay(user: TestUser, purpose: 'entry' | 'balance', refId: string) {
  const created = await user.client.post('/api/payments', { purpose, ref_id: refId, method: 'PIX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirm = await user.client.post(`/api/sandbox/payments/${created.body.id}/confirm`);
  expect(confirm.body, JSON.stringify(confirm.body)).toMatchObject({ status: 'confirmed' });
  return created.body as { id: string; amount: number };
}

async function maskedCpfOf(user: TestUser) {
  const { cpf } = await app.db.knex('profiles').where({ user_id: user.id }).first('cpf');
  const digits = String(cpf).replace(/\D/g, '');
  return { digits, masked: `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**` };
}

describe('GET /api/payments/:id/receipt', () => {
  let ana: TestUser;
  let bruno: TestUser;
  let plan: Awaited<ReturnType<typeof createPlan>>;
  let group: { id: string };
  let entry: { id: string; amount: number };
  let brunoMember: { id: string };

  beforeAll(async () => {
    plan = await createPlan(app, { price: 42_000, group_size: 2 });
    ana = await createUser(app, { fullName: 'Ana Lima' });
    bruno = await createUser(app, { fullName: 'Bruno Reis' });
    const created = await ana.client.post('/api/groups', { plan_id: plan.id });
    expect(created.status).toBe(201);
    group = created.body.group;
    entry = await pay(ana, 'entry', created.body.membership.id);
    const joined = await bruno.client.post(`/api/groups/${group.id}/join`, { referral_code: created.body.membership.invite_code });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    brunoMember = joined.body.membership;
  });

  it('answers the owner a printable pt-BR HTML receipt: plan, amount, masked CPF, method, provider id', async () => {
    const res = await ana.client.get(`/api/payments/${entry.id}/receipt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('no-store');
    // Its own CSP: the inline <style> is allowed, scripts and every other load are not.
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).not.toContain('script-src');
    expect(res.text).not.toMatch(/<script/i);

    const { digits, masked } = await maskedCpfOf(ana);
    expect(res.text).toContain('<html lang="pt-BR">');
    expect(res.text).toContain('Recibo de pagamento');
    expect(res.text).toContain(`Entrada do plano ${plan.name} na turma #${group.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
    expect(res.text).toContain(formatCents(plan.entry_price)); // "R$ 42,00"
    expect(formatCents(plan.entry_price)).toMatch(/^R\$\s42,00$/);
    expect(res.text).toContain(masked);
    expect(res.text).not.toContain(digits);
    expect(res.text).toContain('Ana Lima');
    expect(res.text).toContain(`REC-${entry.id.replace(/-/g, '').slice(0, 12).toUpperCase()}`);
    const providerId = (await app.db.knex('payments').where({ id: entry.id }).first('provider_payment_id')).provider_payment_id as string;
    expect(providerId).toBeTruthy();
    expect(res.text).toContain(providerId);
    expect(res.text).toMatch(/\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} \(horário de Brasília\)/);
  });

  it('answers the same receipt as a PDF with ?format=pdf', async () => {
    const res = await fetch(`${app.url}/api/payments/${entry.id}/receipt?format=pdf`, { headers: { cookie: ana.client.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="recibo-REC-[0-9A-F]{12}\.pdf"$/);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const text = pdfText(pdf);
    expect(text).toContain(formatCents(plan.entry_price));
    expect(text).toContain(plan.name);
    expect(text).toContain((await maskedCpfOf(ana)).masked);
  });

  it('is the owner\'s only: another user and an unknown id get 404, an anonymous caller 401', async () => {
    const other = await bruno.client.get(`/api/payments/${entry.id}/receipt`);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ error: { code: 'payment_not_found', message: 'Pagamento não encontrado.' } });
    expect((await bruno.client.get(`/api/payments/${entry.id}/receipt?format=pdf`)).status).toBe(404);
    expect((await ana.client.get('/api/payments/00000000-0000-4000-8000-000000000000/receipt')).status).toBe(404);
    expect((await ana.client.get('/api/payments/nao-existe/receipt')).status).toBe(404);
    const anonymous = await app.client().get(`/api/payments/${entry.id}/receipt`);
    expect(anonymous.status).toBe(401);
    // The e-mail's link opened in a signed-out browser: the sign-in page, which brings the reader back here.
    const path = `/api/payments/${entry.id}/receipt?format=pdf`;
    const opened = await app.client().get(path, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/auth?next=${encodeURIComponent(path)}`);
    // Signed in, the same page load is the receipt itself.
    expect((await ana.client.get(path, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })).status).toBe(200);
  });

  it('refuses a pending payment with a clear pt-BR 409, and a bad format with a 400', async () => {
    const pending = await bruno.client.post('/api/payments', { purpose: 'entry', ref_id: brunoMember.id, method: 'PIX' });
    expect(pending.status).toBe(201);
    const res = await bruno.client.get(`/api/payments/${pending.body.id}/receipt`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { code: 'receipt_unavailable' } });
    expect(res.body.error.message).toMatch(/^O recibo fica disponível depois que o pagamento é confirmado/);
    // The history says the same, line by line, so the screen links a receipt only where one exists.
    const history = (await bruno.client.get('/api/payments')).body.items as Array<{ id: string; has_receipt: boolean }>;
    expect(history.find((p) => p.id === pending.body.id)?.has_receipt).toBe(false);
    const anaHistory = (await ana.client.get('/api/payments')).body.items as Array<{ id: string; has_receipt: boolean }>;
    expect(anaHistory.find((p) => p.id === entry.id)?.has_receipt).toBe(true);
    const bad = await ana.client.get(`/api/payments/${entry.id}/receipt?format=xls`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Formato inválido');
  });

  it('has a balance receipt too, linked from the confirmation e-mail, which reads "referente ao saldo"', async () => {
    const brunoPending = (await bruno.client.get('/api/payments')).body.items.find((p: { status: string }) => p.status === 'pending');
    expect((await bruno.client.post(`/api/sandbox/payments/${brunoPending.id}/confirm`)).body).toMatchObject({ status: 'confirmed' });
    const mine = (await ana.client.get('/api/me/groups')).body.items[0];
    expect(mine.voucher).toMatchObject({ status: 'awaiting_balance', balance_due: 37_800 });
    const balance = await pay(ana, 'balance', mine.voucher.id);

    const receipt = await ana.client.get(`/api/payments/${balance.id}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.text).toContain(`Saldo do plano ${plan.name}`);
    expect(receipt.text).toContain(`(voucher ${mine.voucher.code})`);
    expect(receipt.text).toContain(formatCents(37_800));

    const mails = await app.db.knex('mail_outbox').where({ to_address: ana.email, template: 'payment_confirmed' }).orderBy('created_at', 'asc');
    expect(mails).toHaveLength(2);
    const balanceMail = mails.find((m: { text_body: string }) => m.text_body.includes('saldo'));
    expect(balanceMail.text_body).toContain(`referente ao saldo de ${plan.name}`);
    expect(balanceMail.text_body).not.toMatch(/\ba o\b/);
    expect(balanceMail.text_body).toContain(`${app.config.publicUrl}/api/payments/${balance.id}/receipt`);
    expect(balanceMail.html_body).toContain(`href="${app.config.publicUrl}/api/payments/${balance.id}/receipt"`);
    const entryMail = mails.find((m: { text_body: string }) => m.text_body.includes('entrada'));
    expect(entryMail.text_body).toContain(`${app.config.publicUrl}/api/payments/${entry.id}/receipt`);
  });
});
