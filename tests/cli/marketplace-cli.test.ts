// `turma products|orders` in-process (runCli): seeded catalogue, CSV import with line-numbered errors, stock, orders.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTurma, useCliEnvironment } from '../support/cli';

const cli = useCliEnvironment('turma-cli-mkt-');

const turma = (args: string[]) => runTurma(args, { env: cli.env });

describe('turma products / orders', { timeout: 180_000 }, () => {
  it('seeds the demo catalogue and finds it without accents', async () => {
    const seeded = await turma(['seed', '--json']);
    expect(seeded.code, seeded.stderr).toBe(0);
    const found = JSON.parse((await turma(['products', 'list', '--q', 'estetica', '--json'])).stdout);
    expect(found.items.map((p: { name: string }) => p.name)).toEqual(['Kit Estética Facial Spa em Casa']);
  });

  it('imports a CSV all or nothing, idempotently by slug, with the freight columns; bad lines by number and a non-zero exit', async () => {
    const header = 'name,slug,category,price,stock,description,weight_grams,height_cm,width_cm,length_cm';
    const good = ['"Caneca Esmaltada 350 ml",caneca-esmaltada,casa,"49,90",12,"Vai ao fogo, não lasca",450,12,10,10', '"Vela Aromática Lavanda",,casa,"1.234,56",ilimitado,,,,,'];
    const file = join(cli.dir, 'produtos.csv');
    writeFileSync(file, [header, good[0], 'Sem preço,,casa,,3,,,,,', good[1], 'Planta,planta,jardim,"10,00",,,,,,'].join('\n'));
    const first = await turma(['products', 'import', file, '--json']);
    expect(first.code).toBe(1);
    const report = JSON.parse(first.stdout);
    // Nothing is saved while any line is wrong (as in the back office).
    expect(report).toMatchObject({ created: 0, updated: 0 });
    expect(report.errors.map((e: { line: number }) => e.line)).toEqual([3, 5]);
    expect(JSON.parse((await turma(['products', 'list', '--q', 'caneca esmaltada', '--json'])).stdout).items).toEqual([]);

    writeFileSync(file, [header, ...good].join('\n'));
    const created = await turma(['products', 'import', file, '--json']);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ created: 2, updated: 0, errors: [] });
    const again = await turma(['products', 'import', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/criados\s+│ 0/);
    expect(again.stdout).toMatch(/atualizados\s+│ 2/);
    const saved = await cli.withDatabase((knex) => knex('products').where({ slug: 'caneca-esmaltada' }).first());
    expect(saved).toMatchObject({ price: 4_990, stock_quantity: 12, weight_grams: 450, height_cm: 12, width_cm: 10, length_cm: 10 });
    expect(saved.images).toHaveLength(1);
    const audit = await cli.withDatabase((knex) => knex('audit_logs').where({ action: 'admin.products_imported' }).orderBy('created_at'));
    expect(audit.map((a) => a.actor_email)).toEqual(['operador (cli)', 'operador (cli)']);
  });

  it('sets the stock (a whole number or unlimited) and shows the state', async () => {
    const out = JSON.parse((await turma(['products', 'set-stock', 'caneca-esmaltada', '0', '--json'])).stdout);
    expect(out).toMatchObject({ slug: 'caneca-esmaltada', estoque: '0', situacao: 'Esgotado' });
  });

  it('recounts the kept catalogue totals after writes that bypassed the triggers, and says when nothing was wrong', async () => {
    const truth = (knex: Parameters<Parameters<typeof cli.withDatabase>[0]>[0]) =>
      knex.raw(`select coalesce(category_id, '00000000-0000-0000-0000-000000000000') as category_id, count(*)::int as n from products where active group by 1 order by 1`);
    const casa = await cli.withDatabase(async (knex) => {
      // A write with triggers off (as a replica applies it): a product switched off, its category's counter left behind.
      await knex.transaction(async (trx) => {
        await trx.raw('set local session_replication_role = replica');
        await trx('products').where({ slug: 'caneca-esmaltada' }).update({ active: false });
      });
      return (await knex('product_categories').where({ slug: 'casa' }).first()) as { id: string; name: string };
    });
    const before = await cli.withDatabase(async (knex) => (await truth(knex)).rows as Array<{ category_id: string; n: number }>);
    const expected = before.find((r) => r.category_id === casa.id)!.n;

    const run = await turma(['products', 'recount', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).fixed).toEqual([{ category: { id: casa.id, name: casa.name }, kept: expected + 1, counted: expected }]);
    const kept = await cli.withDatabase(async (knex) => (await knex('product_list_counts').where('active_products', '>', 0).orderBy('category_id')).map((r) => ({ category_id: r.category_id, n: r.active_products })));
    expect(kept).toEqual(before);

    const again = await turma(['products', 'recount']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('nada mudou');
    await cli.withDatabase((knex) => knex('products').where({ slug: 'caneca-esmaltada' }).update({ active: true }));
  });

  it('lists orders and moves one along the flow: shipped needs a tracking code', async () => {
    const orderId = await cli.withDatabase(async (knex) => {
      const [user] = await knex('users').insert({ email: 'compradora@turma.test', password_hash: 'x', role: 'user', email_confirmed_at: new Date() }).returning(['id']);
      const product = await knex('products').where({ slug: 'caneca-esmaltada' }).first();
      const [order] = await knex('marketplace_orders')
        .insert({ user_id: user.id, status: 'preparing', subtotal: 9_980, total_amount: 9_980, items_count: 2, expires_at: new Date(), paid_at: new Date(), preparing_at: new Date(), address: JSON.stringify({ cep: '01310100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' }) })
        .returning(['id']);
      await knex('order_items').insert({ order_id: order.id, product_id: product.id, product_name: product.name, unit_price: 4_990, quantity: 2, subtotal: 9_980 });
      await knex('order_status_history').insert([
        { order_id: order.id, from_status: null, to_status: 'pending', actor: 'compradora@turma.test' },
        { order_id: order.id, from_status: 'pending', to_status: 'paid', actor: 'pagamento' },
        { order_id: order.id, from_status: 'paid', to_status: 'preparing', actor: 'operador (cli)' },
      ]);
      return order.id as string;
    });

    const list = JSON.parse((await turma(['orders', 'list', '--status', 'preparing', '--json'])).stdout);
    expect(list).toMatchObject({ total: 1, items: [{ id: orderId, status: 'preparing', email: 'compradora@turma.test', total_amount: 9_980 }] });

    const noTracking = await turma(['orders', 'set-status', orderId, 'shipped']);
    expect(noTracking.code).toBe(1);
    expect(noTracking.stderr.trim()).toBe('Erro: Informe o código de rastreio para marcar o pedido como enviado.');

    const shipped = await turma(['orders', 'set-status', orderId, 'shipped', '--tracking', 'qb123456789br', '--json']);
    expect(shipped.code, shipped.stderr).toBe(0);
    const view = JSON.parse(shipped.stdout);
    expect(view).toMatchObject({ status: 'shipped', tracking_code: 'QB123456789BR', items: [{ product_name: 'Caneca Esmaltada 350 ml', quantity: 2 }] });
    expect(view.timeline.map((t: { status: string }) => t.status)).toEqual(['pending', 'paid', 'preparing', 'shipped']);
  });
});
