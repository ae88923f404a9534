// `turma products|orders …`: the marketplace's operations (docs/cli.md) — catalogue, CSV import, stock, orders.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { Container } from 'inversify';
import { z } from 'zod';
import type { ProductService } from '../../core/marketplace/product.service';
import type { OrderService } from '../../core/marketplace/order.service';
import type { OrderParcelService } from '../../core/marketplace/order-parcel.service';
import type { Repositories } from '../../adapters/db/unit-of-work';
import type { PaymentService } from '../../core/payments/payment.service';
import type { ProductAdminService } from '../../core/marketplace/product-admin';
import { DomainError } from '../../core/shared/errors';
import { STOCK_STATE_LABELS, stockState } from '../../core/marketplace/product-schemas';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '../../core/marketplace/order-rules';
import { formatCents } from '../../core/shared/money';
import { TOKENS } from '../../adapters/tokens';
import { migrateLatest } from '../../adapters/db/migrate';
import { CliError, printObject, printRows, setExitCode, withApp, writeErr, writeOut, type CliApp, type OutputOptions } from '../runtime';

const get = <T>(c: Container, token: symbol) => c.get<T>(token);

const json = (value: unknown): void => {
  writeOut(`${JSON.stringify(value, null, 2)}\n`);
};

/** Every marketplace command works on an up-to-date schema (a fresh database included). */
const withMarketplace = <T>(fn: (app: CliApp) => Promise<T>) =>
  withApp(async (app) => {
    await migrateLatest(app.database.knex);
    return fn(app);
  });

const stockText = (stock: number | null) => (stock === null ? 'ilimitado' : String(stock));

/** Who an operator's change is recorded as in the order timeline and the audit log. */
const OPERATOR = 'operador (cli)';

export function registerMarketplaceCommands(program: Command) {
  // ── products ────────────────────────────────────────────────────────────────────────────────────────────────
  const products = program.command('products').description('produtos do marketplace');

  products
    .command('list')
    .description('lista os produtos (ativos e inativos), mais novos primeiro')
    .option('--q <texto>', 'busca no nome e na descrição (sem acentos: "estetica" acha "Estética")')
    .option('--category <slug>', 'só uma categoria')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { q?: string; category?: string }) => {
      const page = await withMarketplace(({ container }) =>
        get<ProductService>(container, TOKENS.ProductService).adminList({ ...(opts.q ? { q: opts.q } : {}), ...(opts.category ? { category: opts.category } : {}) }),
      );
      if (opts.json) return json(page);
      printRows(
        page.items.map((p) => ({
          slug: p.slug,
          nome: p.name,
          categoria: p.category?.name ?? '—',
          preco: formatCents(p.price),
          estoque: stockText(p.stock_quantity),
          situacao: p.active ? STOCK_STATE_LABELS[stockState(p.stock_quantity)] : 'inativo',
          id: p.id,
        })),
        [['slug', 'Slug'], ['nome', 'Nome'], ['categoria', 'Categoria'], ['preco', 'Preço'], ['estoque', 'Estoque'], ['situacao', 'Situação'], ['id', 'Id']],
        opts,
      );
      if (!opts.json) writeOut(`${page.total} produto(s)\n`);
    });

  products
    .command('import <csv>')
    .description(
      'importa produtos de um CSV (name,slug,category,price,stock,description[,weight_grams,height_cm,width_cm,length_cm]; preço em reais, ex. "199,90"); atualiza pelo slug; tudo ou nada, como no painel',
    )
    .option('--json', 'saída em JSON')
    .action(async (file: string, opts: OutputOptions) => {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        throw new CliError(`não consegui ler o arquivo ${file}`);
      }
      // The back office's import (one implementation): every line checked first, nothing saved when one is wrong.
      const report = await withMarketplace(async ({ container }) => {
        try {
          const done = await get<ProductAdminService>(container, TOKENS.ProductAdminService).importCsv({ text }, { id: null, email: OPERATOR });
          return { created: done.created, updated: done.updated, errors: [] as Array<{ line: number; message: string }> };
        } catch (err) {
          const lines = err instanceof DomainError ? (err.details as { lines?: Array<{ line: number; message: string }> } | undefined)?.lines : undefined;
          if (!lines) throw err;
          return { created: 0, updated: 0, errors: lines };
        }
      });
      if (opts.json) json(report);
      else {
        printObject({ criados: report.created, atualizados: report.updated, erros: report.errors.length }, opts);
        for (const e of report.errors) writeErr(`linha ${e.line}: ${e.message}\n`);
        if (report.errors.length > 0) writeErr('nada foi importado: corrija as linhas acima e importe de novo\n');
      }
      if (report.errors.length > 0) setExitCode(1);
    });

  products
    .command('set-stock <slug-ou-id> <quantidade>')
    .description('define o estoque: um número inteiro ≥ 0, ou "unlimited" (ilimitado)')
    .option('--json', 'saída em JSON')
    .action(async (key: string, amount: string, opts: OutputOptions) => {
      const value = amount.trim().toLowerCase();
      const stock = value === 'unlimited' || value === 'ilimitado' ? null : /^\d+$/.test(value) ? Number(value) : undefined;
      if (stock === undefined) throw new CliError(`estoque inválido: ${amount} (use um número inteiro ≥ 0 ou "unlimited")`);
      const product = await withMarketplace(({ container }) => get<ProductService>(container, TOKENS.ProductService).setStock(key, stock));
      printObject(
        { slug: product.slug, nome: product.name, estoque: stockText(product.stock_quantity), situacao: STOCK_STATE_LABELS[stockState(product.stock_quantity)], id: product.id },
        opts,
      );
    });

  products
    .command('recount')
    .description('conta de novo os produtos ativos de cada categoria (os totais das listas públicas) e corrige os guardados; use depois de gravar produtos com os gatilhos desligados (docs/operations.md)')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions) => {
      const fixed = await withMarketplace(({ container }) => get<ProductService>(container, TOKENS.ProductService).recountListCounts());
      if (opts.json) return json({ fixed });
      if (fixed.length === 0) {
        writeOut('Os totais guardados conferem com a contagem: nada mudou.\n');
        return;
      }
      printRows(
        fixed.map((f) => ({ categoria: f.category?.name ?? 'sem categoria', guardado: f.kept, contado: f.counted })),
        [['categoria', 'Categoria'], ['guardado', 'Guardado'], ['contado', 'Contado (agora guardado)']],
        opts,
      );
      writeOut(`${fixed.length} categoria(s) corrigida(s); as listas públicas passam a mostrar os totais novos.\n`);
    });

  // ── orders ──────────────────────────────────────────────────────────────────────────────────────────────────
  const orders = program.command('orders').description('pedidos do marketplace');
  const parseStatus = (value: string) => {
    const parsed = z.enum(ORDER_STATUSES).safeParse(value);
    if (!parsed.success) throw new CliError(`estado inválido: ${value} (use ${ORDER_STATUSES.join(', ')})`);
    return parsed.data;
  };

  orders
    .command('list')
    .description('lista os pedidos, mais novos primeiro')
    .option('--status <estado>', `filtra (${ORDER_STATUSES.join(', ')})`)
    .option('--limit <n>', 'quantos', '50')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { status?: string; limit: string }) => {
      const status = opts.status ? parseStatus(opts.status) : undefined;
      const limit = Number(opts.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new CliError('--limit deve ser um número entre 1 e 1000');
      const page = await withMarketplace(({ container }) =>
        get<OrderService>(container, TOKENS.OrderService).adminList({ ...(status ? { status } : {}), page: 1, per_page: limit }),
      );
      if (opts.json) return json(page);
      printRows(
        page.items.map((o) => ({ numero: o.number, estado: o.status_label, cliente: o.email ?? '—', itens: o.items_count, total: formatCents(o.total_amount), criado: o.created_at, id: o.id })),
        [['numero', 'Pedido'], ['estado', 'Estado'], ['cliente', 'Cliente'], ['itens', 'Itens'], ['total', 'Total'], ['criado', 'Criado em'], ['id', 'Id']],
        opts,
      );
    });

  const showOrder = (order: Awaited<ReturnType<OrderService['adminGet']>>, opts: OutputOptions) => {
    if (opts.json) return json(order);
    const a = order.address;
    printObject(
      {
        pedido: order.number,
        estado: order.status_label,
        cliente: order.email ?? '—',
        total: formatCents(order.total_amount),
        endereco: `${a.street}, ${a.number}${a.complement ? ` ${a.complement}` : ''} — ${a.district}, ${a.city}/${a.state} — CEP ${a.cep}`,
        rastreio: order.tracking_code,
        pagamento: order.payment ? `${order.payment.method} ${order.payment.status}` : null,
        id: order.id,
      },
      opts,
    );
    printRows(
      order.items.map((i) => ({ produto: i.product_name, qtd: i.quantity, unitario: formatCents(i.unit_price), subtotal: formatCents(i.subtotal) })),
      [['produto', 'Produto'], ['qtd', 'Qtd.'], ['unitario', 'Unitário'], ['subtotal', 'Subtotal']],
      opts,
    );
    printRows(order.timeline.map((t) => ({ quando: t.at, estado: t.label, nota: t.note })), [['quando', 'Quando'], ['estado', 'Estado'], ['nota', 'Nota']], opts);
  };

  orders
    .command('show <id>')
    .description('um pedido: itens, endereço, pagamento e histórico')
    .option('--json', 'saída em JSON')
    .action(async (id: string, opts: OutputOptions) => {
      showOrder(await withMarketplace(({ container }) => get<OrderService>(container, TOKENS.OrderService).adminGet(id)), opts);
    });

  orders
    .command('set-status <id> <estado>')
    .description(`muda o estado (${ORDER_STATUSES.filter((s) => s !== 'pending' && s !== 'paid').join(', ')}); enviado exige --tracking`)
    .option('--tracking <codigo>', 'código de rastreio (para shipped; sem ele, a etiqueta é comprada na Melhor Envio quando configurada)')
    .option('--note <texto>', 'nota no histórico (ex.: motivo do cancelamento)')
    .option('--json', 'saída em JSON')
    .action(async (id: string, status: string, opts: OutputOptions & { tracking?: string; note?: string }) => {
      const to: OrderStatus = parseStatus(status);
      const order = await withMarketplace(async ({ container }) => {
        // Shipping goes through the parcel's use case, so the parcel is followed (and, without --tracking, the label bought).
        const changed =
          to === 'shipped'
            ? await get<OrderParcelService<Repositories, Awaited<ReturnType<OrderService['adminGet']>>>>(container, TOKENS.OrderParcelService).ship(id, opts.tracking ?? null, OPERATOR)
            : await get<OrderService>(container, TOKENS.OrderService).setStatus(id, to, { trackingCode: opts.tracking ?? null, actorEmail: OPERATOR, note: opts.note ?? null });
        // A refund marked on the payment is made through the provider right away (the job would retry a failure).
        if (to === 'refunded') await get<PaymentService>(container, TOKENS.PaymentService).processRefunds();
        return changed;
      });
      if (!opts.json) writeOut(`Pedido ${order.number}: ${ORDER_STATUS_LABELS[order.status]}\n`);
      showOrder(order, opts);
    });
}
