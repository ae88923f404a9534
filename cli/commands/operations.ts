// `turma plans|groups|payments|jobs …`: the group purchase's operations (docs/cli.md).
import type { Command } from 'commander';
import type { Container } from 'inversify';
import { z } from 'zod';
import type { PlanCatalogService } from '../../core/catalog/plan.service';
import type { GroupService } from '../../core/groups/group.service';
import type { ExpireGroupsFlow } from '../../core/flows';
import type { PaymentService } from '../../core/payments/payment.service';
import type { AppUnitOfWork } from '../../adapters/db/unit-of-work';
import { formatCents } from '../../core/shared/money';
import { paidCount, placesTaken, GROUP_STATUSES } from '../../core/groups/group-rules';
import { TOKENS } from '../../adapters/tokens';
import type { PgBossJobQueue, JobStatus } from '../../adapters/jobs/pg-boss.queue';
import { migrateLatest } from '../../adapters/db/migrate';
import { runWorkerProcess } from '../../adapters/worker';
import { CliError, cliIo, parseReaisOption, printObject, printRows, setExitCode, withApp, writeErr, writeOut, type OutputOptions } from '../runtime';

const get = <T>(c: Container, token: symbol) => c.get<T>(token);

const json = (value: unknown): void => {
  writeOut(`${JSON.stringify(value, null, 2)}\n`);
};

export function registerOperationCommands(program: Command) {
  // ── plans ───────────────────────────────────────────────────────────────────────────────────────────────────
  const plans = program.command('plans').description('planos de compra em grupo');

  plans
    .command('list')
    .description('lista os planos ativos (entrada = 10% do preço)')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions) => {
      const page = await withApp(({ container }) => get<PlanCatalogService>(container, TOKENS.PlanCatalogService).listPlans({ page: 1, per_page: 100 }));
      if (opts.json) return json(page);
      printRows(
        page.items.map((p) => ({ slug: p.slug, nome: p.name, categoria: p.category?.name ?? '—', preco: formatCents(p.price), cheio: formatCents(p.full_price), entrada: formatCents(p.entry_price), turma: p.group_size, prazo: `${p.window_days} dias`, id: p.id })),
        [['slug', 'Slug'], ['nome', 'Nome'], ['categoria', 'Categoria'], ['preco', 'Preço'], ['cheio', 'Preço cheio'], ['entrada', 'Entrada'], ['turma', 'Turma'], ['prazo', 'Prazo'], ['id', 'Id']],
        opts,
      );
    });

  const planOptions = (cmd: Command) =>
    cmd
      .option('--name <nome>', 'nome do plano')
      .option('--description <texto>', 'descrição')
      .option('--kind <tipo>', 'service ou product')
      .option('--category <slug>', 'slug da categoria (tatuagem, odontologia, estetica, produtos…)')
      .option('--price <reais>', 'preço de turma, em reais (ex.: 420,00)')
      .option('--full-price <reais>', 'preço cheio, em reais')
      .option('--group-size <n>', 'participantes necessários (2–50)')
      .option('--window-days <n>', 'prazo para completar, em dias')
      .option('--inactive', 'cria/deixa o plano inativo')
      .option('--json', 'saída em JSON');

  type PlanOpts = OutputOptions & { name?: string; description?: string; kind?: string; category?: string; price?: string; fullPrice?: string; groupSize?: string; windowDays?: string; inactive?: boolean };

  async function savePlan(slug: string, opts: PlanOpts, mustExist: boolean) {
    return withApp(async ({ container, database }) => {
      await migrateLatest(database.knex);
      const uow = get<AppUnitOfWork>(container, TOKENS.UnitOfWork);
      const catalog = get<PlanCatalogService>(container, TOKENS.PlanCatalogService);
      const existing = (await uow.repos.catalog.plans.list({ activeOnly: false, offset: 0, limit: 1000 })).items.find((p) => p.slug === slug);
      if (mustExist && !existing) throw new CliError(`plano não encontrado: ${slug}`);
      if (!mustExist && existing) throw new CliError(`já existe um plano com o slug ${slug}; use "turma plans update"`);
      const categories = await uow.repos.catalog.plans.listCategories({ activeOnly: false });
      const category = opts.category ? categories.find((c) => c.slug === opts.category) : undefined;
      if (opts.category && !category) throw new CliError(`categoria desconhecida: ${opts.category} (${categories.map((c) => c.slug).join(', ')})`);
      const price = opts.price ? parseReaisOption(opts.price) : existing?.price;
      const saved = await catalog.savePlan({
        slug,
        name: opts.name ?? existing?.name ?? '',
        description: opts.description ?? existing?.description ?? '',
        kind: (opts.kind ?? existing?.kind ?? category?.kind ?? 'service') as 'service' | 'product',
        category_id: category?.id ?? existing?.category_id ?? null,
        price: price ?? 0,
        full_price: opts.fullPrice ? parseReaisOption(opts.fullPrice) : (existing?.full_price ?? price ?? 0),
        group_size: opts.groupSize ? Number(opts.groupSize) : (existing?.group_size ?? 5),
        window_days: opts.windowDays ? Number(opts.windowDays) : (existing?.window_days ?? 30),
        image_url: existing?.image_url ?? null,
        active: opts.inactive ? false : (existing?.active ?? true),
      });
      return saved;
    });
  }

  const showPlan = (p: { id: string; slug: string; name: string; price: number; full_price: number; entry_price: number; group_size: number; window_days: number; active: boolean }, opts: OutputOptions) =>
    printObject({ id: p.id, slug: p.slug, nome: p.name, preco: formatCents(p.price), preco_cheio: formatCents(p.full_price), entrada: formatCents(p.entry_price), turma: p.group_size, prazo_dias: p.window_days, ativo: p.active ? 'sim' : 'não' }, opts);

  planOptions(plans.command('create <slug>').description('cria um plano (a entrada é calculada: 10% do preço)')).action(async (slug: string, opts: PlanOpts) => {
    if (!opts.name || !opts.price) throw new CliError('informe ao menos --name e --price');
    showPlan(await savePlan(slug, opts, false), opts);
  });
  planOptions(plans.command('update <slug>').description('altera um plano (turmas já abertas mantêm o preço delas)')).action(async (slug: string, opts: PlanOpts) => {
    showPlan(await savePlan(slug, opts, true), opts);
  });

  // ── groups ──────────────────────────────────────────────────────────────────────────────────────────────────
  const groups = program.command('groups').description('turmas');

  groups
    .command('list')
    .description('lista as turmas, mais novas primeiro')
    .option('--status <estado>', `filtra (${GROUP_STATUSES.join(', ')})`)
    .option('--limit <n>', 'quantas', '50')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { status?: string; limit: string }) => {
      const status = opts.status ? z.enum(GROUP_STATUSES).safeParse(opts.status) : null;
      if (status && !status.success) throw new CliError(`estado inválido: use ${GROUP_STATUSES.join(', ')}`);
      const rows = await withApp(async ({ container }) => {
        const uow = get<AppUnitOfWork>(container, TOKENS.UnitOfWork);
        const page = await uow.repos.groups.groups.list({ ...(status?.success ? { status: status.data } : {}), offset: 0, limit: Number(opts.limit) });
        const out = [];
        for (const g of page.items) {
          const [plan, members] = await Promise.all([uow.repos.catalog.plans.findById(g.plan_id), uow.repos.groups.members.listForGroup(g.id)]);
          out.push({ id: g.id, plano: plan?.name ?? '—', estado: g.status, pagos: `${paidCount(members)}/${g.group_size}`, vagas_ocupadas: placesTaken(members, new Date()), prazo: g.deadline_at.toISOString(), entrada: formatCents(g.entry_price) });
        }
        return { items: out, total: page.total };
      });
      if (opts.json) return json(rows);
      printRows(rows.items, [['id', 'Id'], ['plano', 'Plano'], ['estado', 'Estado'], ['pagos', 'Pagos'], ['vagas_ocupadas', 'Vagas ocupadas'], ['prazo', 'Prazo'], ['entrada', 'Entrada']], opts);
    });

  groups
    .command('show <id>')
    .description('uma turma e seus participantes')
    .option('--json', 'saída em JSON')
    .action(async (id: string, opts: OutputOptions) => {
      const data = await withApp(async ({ container }) => {
        const uow = get<AppUnitOfWork>(container, TOKENS.UnitOfWork);
        const view = await get<GroupService>(container, TOKENS.GroupService).publicGroup(id, null);
        const members = await uow.repos.groups.members.listForGroup(id);
        return { ...view, participants: members.map((m) => ({ id: m.id, nome: m.full_name, estado: m.status, codigo_convite: m.invite_code, pago_em: m.paid_at?.toISOString() ?? null })) };
      });
      if (opts.json) return json(data);
      printObject({ id: data.id, plano: data.plan?.name ?? '—', estado: data.status, pagos: `${data.members_paid}/${data.group_size}`, vagas_livres: data.places_left, prazo: data.deadline }, opts);
      printRows(data.participants, [['nome', 'Nome'], ['estado', 'Estado'], ['codigo_convite', 'Convite'], ['pago_em', 'Pago em'], ['id', 'Id']], opts);
    });

  groups
    .command('expire [id]')
    .description('expira a turma agora (com id) ou todas as vencidas (sem id) e faz os reembolsos')
    .option('--json', 'saída em JSON')
    .action(async (id: string | undefined, opts: OutputOptions) => {
      const result = await withApp(async ({ container }) => {
        const flow = get<ExpireGroupsFlow>(container, TOKENS.ExpireGroupsFlow);
        const { expiredGroupIds: _ids, ...counts } = id ? await flow.expireNow(id) : await flow.run();
        const refunds = await get<PaymentService>(container, TOKENS.PaymentService).processRefunds();
        return { ...counts, reembolsos_feitos: refunds.refunded, reembolsos_com_falha: refunds.failed };
      });
      printObject(result, opts);
      if (result.reembolsos_com_falha > 0) setExitCode(1);
    });

  // ── payments ────────────────────────────────────────────────────────────────────────────────────────────────
  const payments = program.command('payments').description('pagamentos');

  payments
    .command('reconcile')
    .description('pergunta ao provedor por cada pagamento pendente e aplica o que ele informa')
    .option('--since <data>', 'só pagamentos criados desde esta data (AAAA-MM-DD)')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { since?: string }) => {
      const since = opts.since ? new Date(`${opts.since}T00:00:00-03:00`) : undefined;
      if (since && Number.isNaN(since.getTime())) throw new CliError('data inválida em --since (use AAAA-MM-DD)');
      const result = await withApp(({ container }) => get<PaymentService>(container, TOKENS.PaymentService).reconcile(since ? { since } : {}));
      if (opts.json) return json(result);
      printRows(result.rows.map((r) => ({ pagamento: r.payment_id, provedor: r.provider_payment_id, status_no_provedor: r.provider_status, acao: r.action })), [['pagamento', 'Pagamento'], ['provedor', 'Id no provedor'], ['status_no_provedor', 'Status no provedor'], ['acao', 'Ação']], opts);
      writeOut(`Reembolsos feitos: ${result.refunds.refunded}, com falha: ${result.refunds.failed}\n`);
      if (result.rows.some((r) => r.action === 'error') || result.refunds.failed > 0) setExitCode(1);
    });

  // ── jobs ────────────────────────────────────────────────────────────────────────────────────────────────────
  const jobs = program.command('jobs').description('tarefas agendadas e fila de jobs (pg-boss)');

  /** Opens the queue without workers (creates/migrates the pgboss schema if needed) and always stops it. */
  const withJobs = <T>(fn: (queue: PgBossJobQueue) => Promise<T>) =>
    withApp(async ({ container, database }) => {
      await migrateLatest(database.knex);
      const queue = get<PgBossJobQueue>(container, TOKENS.JobQueue);
      await queue.start({ workers: false });
      try {
        return await fn(queue);
      } finally {
        await queue.stop();
      }
    });
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  const knownJob = (queue: PgBossJobQueue, name: string) => {
    if (!queue.names.includes(name)) throw new CliError(`tarefa desconhecida: ${name} (${queue.names.join(', ')})`);
  };
  const statusRow = (s: JobStatus) => ({
    nome: s.name,
    descricao: s.description,
    agenda: s.schedule ? `${s.schedule}${s.paused ? ' (pausada)' : ''}` : 'sob demanda',
    pausada: s.paused,
    ultima: iso(s.last_run?.finished_at ?? s.last_run?.started_at),
    resultado: s.last_run?.outcome ?? null,
    contagens: s.last_run?.counts ?? null,
    erro: s.last_run?.error ?? null,
    proxima: iso(s.next_run_at),
    na_fila: s.queued,
    executando: s.active,
    em_retentativa: s.retry,
    falhas: s.failed,
  });

  jobs
    .command('list')
    .description('as tarefas: agenda, última execução e resultado, próxima execução, fila e falhas')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions) => {
      const rows = (await withJobs((queue) => queue.status())).map(statusRow);
      if (opts.json) return json(rows);
      printRows(rows, [['nome', 'Tarefa'], ['agenda', 'Agenda'], ['ultima', 'Última'], ['resultado', 'Resultado'], ['proxima', 'Próxima'], ['na_fila', 'Na fila'], ['falhas', 'Falhas']], opts);
    });

  jobs
    .command('run <nome>')
    .description('executa uma tarefa agora e registra a execução (se outra instância a estiver rodando, espera por ela)')
    .option('--json', 'saída em JSON')
    .action(async (name: string, opts: OutputOptions) => {
      const result = await withJobs(async (queue) => {
        knownJob(queue, name);
        if (!queue.scheduledNames.includes(name)) throw new CliError(`a tarefa ${name} não é agendada (${queue.scheduledNames.join(', ')})`);
        return queue.runNow(name);
      });
      if (result.outcome === 'error') setExitCode(1);
      if (opts.json) return json(result);
      printObject({ tarefa: result.name, resultado: result.outcome, ...result.counts, ms: result.ms, ...(result.error ? { erro: result.error } : {}), job: result.id }, opts);
    });

  jobs
    .command('failed [nome]')
    .description('jobs que falharam em todas as tentativas, mais recentes primeiro')
    .option('--limit <n>', 'quantos', '50')
    .option('--json', 'saída em JSON')
    .action(async (name: string | undefined, opts: OutputOptions & { limit: string }) => {
      const limit = Number(opts.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new CliError('--limit deve ser um número inteiro positivo');
      const rows = await withJobs(async (queue) => {
        if (name) knownJob(queue, name);
        return queue.failed(name, limit);
      });
      if (opts.json) return json(rows);
      printRows(
        rows.map((r) => ({ id: r.id, tarefa: r.name, erro: r.error, tentativas: r.attempts, falhou_em: iso(r.failed_at) })),
        [['id', 'Id'], ['tarefa', 'Tarefa'], ['erro', 'Erro'], ['tentativas', 'Tentativas'], ['falhou_em', 'Falhou em']],
        opts,
      );
    });

  jobs
    .command('retry <id>')
    .description('dá mais uma tentativa a um job que falhou (os workers o executam)')
    .action(async (id: string) => {
      const ok = await withJobs((queue) => queue.retry(id));
      if (!ok) throw new CliError(`nenhum job com falha definitiva tem o id ${id} (veja "turma jobs failed")`);
      writeOut(`Job ${id} de volta à fila.\n`);
    });

  for (const [command, verb, done] of [['pause', 'pausa', 'pausada'], ['resume', 'retoma', 'retomada']] as const) {
    jobs
      .command(`${command} <nome>`)
      .description(`${verb} o agendamento de uma tarefa (vale para todas as instâncias, também depois de reiniciar)`)
      .action(async (name: string) => {
        await withJobs(async (queue) => {
          knownJob(queue, name);
          if (!queue.scheduledNames.includes(name)) throw new CliError(`a tarefa ${name} não é agendada`);
          await (command === 'pause' ? queue.pause(name) : queue.resume(name));
        });
        writeOut(`Tarefa ${name} ${done}.\n`);
      });
  }

  jobs
    .command('work')
    .description('roda os workers e as tarefas agendadas num processo próprio, com saúde em WORKER_HEALTH_PORT, até SIGTERM/Ctrl-C (para servidores com JOBS_ENABLED=false)')
    .action(async () => {
      // The same process as `npm run worker`; its configuration comes from the environment as the server's does.
      const code = await runWorkerProcess(cliIo().env, (line) => writeErr(`${line}\n`));
      // A job still running past JOBS_DRAIN_MS would hold the process open: the worker's end is the process's end.
      process.exit(code);
    });
}
