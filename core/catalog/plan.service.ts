// The public plan catalogue (docs/product/group-purchase.md): categories and active plans, entry price always from the core rule.
import { paginationSchemaWith } from '../shared/pagination';
import { isId } from '../shared/ids';
import { z } from 'zod';
import { notFound } from '../shared/errors';
import { computeEntryPrice } from './entry-price';
import type { ListQuery } from '../shared/list-query';
import type { PlanCategoryRecord, PlanRecord } from './ports';
import { NO_CATALOG_CACHE, type CatalogChanges } from '../ports/catalog-changes';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { CatalogScope } from './ports';
import type { AuditScope } from '../audit/ports';

/** The tables the plan catalogue reads and writes (audit: the admin's changes are logged). */
type PlanCatalogScope = CatalogScope & AuditScope;

export const planKindSchema = z.enum(['service', 'product']);

export const planListQuerySchema = z.object({
  kind: planKindSchema.optional(),
  category: z.string().trim().max(80).optional(),
  ...paginationSchemaWith({ defaultPerPage: 24 }).shape,
});
export type PlanListQuery = z.infer<typeof planListQuerySchema>;

export const planInputSchema = z
  .object({
    name: z.string().trim().min(3, { message: 'Informe o nome do plano' }).max(120),
    slug: z.string().trim().regex(/^[a-z0-9-]+$/, { message: 'Use letras minúsculas, números e hífens' }),
    description: z.string().trim().max(2000).default(''),
    kind: planKindSchema,
    category_id: z.uuid().nullable(),
    price: z.number().int({ message: 'O preço deve estar em centavos' }).positive({ message: 'O preço deve ser maior que zero' }),
    full_price: z.number().int({ message: 'O preço cheio deve estar em centavos' }).positive(),
    group_size: z.number().int().min(2, { message: 'A turma precisa de ao menos 2 pessoas' }).max(50, { message: 'A turma pode ter no máximo 50 pessoas' }).default(5),
    window_days: z.number().int().min(1).max(365).default(30),
    image_url: z.string().max(500).nullable().default(null),
    active: z.boolean().default(true),
  })
  .refine((p) => p.full_price >= p.price, { message: 'O preço cheio não pode ser menor que o preço da turma', path: ['full_price'] });
export type PlanInput = z.infer<typeof planInputSchema>;

export function toPublicPlan(plan: PlanRecord, categories: Map<string, PlanCategoryRecord>) {
  const category = plan.category_id ? categories.get(plan.category_id) : undefined;
  return {
    id: plan.id,
    name: plan.name,
    slug: plan.slug,
    description: plan.description,
    kind: plan.kind,
    category: category ? { id: category.id, name: category.name, slug: category.slug } : null,
    price: plan.price,
    full_price: plan.full_price,
    entry_price: computeEntryPrice(plan.price),
    group_size: plan.group_size,
    window_days: plan.window_days,
    image_url: plan.image_url,
  };
}

export function toAdminPlan(plan: PlanRecord) {
  return { ...plan, entry_price: computeEntryPrice(plan.price), created_at: plan.created_at.toISOString() };
}

export class PlanCatalogService {
  constructor(
    private readonly uow: UnitOfWork<PlanCatalogScope>,
    /** Told after every committed plan change (the public list is cached). */
    private readonly changes: CatalogChanges = NO_CATALOG_CACHE,
  ) {}

  async listCategories() {
    const categories = await this.uow.repos.catalog.plans.listCategories({ activeOnly: true });
    return categories.map(({ id, name, slug, kind, description }) => ({ id, name, slug, kind, description }));
  }

  async listPlans(query: PlanListQuery) {
    const repos = this.uow.repos;
    const [categories, page] = await Promise.all([
      repos.catalog.plans.listCategories({ activeOnly: false }),
      repos.catalog.plans.list({
        activeOnly: true,
        ...(query.kind ? { kind: query.kind } : {}),
        ...(query.category ? { categorySlug: query.category } : {}),
        offset: (query.page - 1) * query.per_page,
        limit: query.per_page,
      }),
    ]);
    const byId = new Map(categories.map((c) => [c.id, c]));
    return { items: page.items.map((p) => toPublicPlan(p, byId)), total: page.total };
  }

  async getPlan(id: string) {
    const plan = isId(id) ? await this.uow.repos.catalog.plans.findById(id) : null;
    if (!plan || !plan.active) throw notFound('plan_not_found', 'Plano não encontrado.');
    const categories = await this.uow.repos.catalog.plans.listCategories({ activeOnly: false });
    return toPublicPlan(plan, new Map(categories.map((c) => [c.id, c])));
  }

  /** Back office list (ra-data-simple-rest): every plan, entry price recomputed. */
  async adminList(query: ListQuery<{ q?: string; kind?: 'service' | 'product'; category_id?: string; active?: boolean; id?: string[] }>) {
    const field = ['name', 'slug', 'price', 'full_price', 'group_size', 'window_days', 'created_at', 'active', 'kind'].includes(query.sort.field) ? query.sort.field : 'created_at';
    const page = await this.uow.repos.catalog.plans.listAdmin({ ...query, sort: { field, order: query.sort.order } });
    return { items: page.items.map(toAdminPlan), total: page.total };
  }

  async adminGet(id: string) {
    const plan = isId(id) ? await this.uow.repos.catalog.plans.findById(id) : null;
    if (!plan) throw notFound('plan_not_found', 'Plano não encontrado.');
    return toAdminPlan(plan);
  }

  async adminCreate(input: unknown, actor: { id: string; email: string }) {
    const plan = planInputSchema.parse(input);
    const created = await this.uow.run(async (tx) => {
      const saved = await tx.catalog.plans.create({ ...plan, entry_price: computeEntryPrice(plan.price) });
      await tx.audit.append({ action: 'admin.plan_created', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'plan', entity_id: saved.id, metadata: { slug: saved.slug, price: saved.price } });
      return saved;
    });
    this.changes.changed();
    return toAdminPlan(created);
  }

  /** Groups already running keep their own price (snapshot); only new groups see the change. */
  async adminUpdate(id: string, input: unknown, actor: { id: string; email: string }) {
    await this.adminGet(id);
    const plan = planInputSchema.parse(input);
    const updated = await this.uow.run(async (tx) => {
      const saved = await tx.catalog.plans.updateById(id, { ...plan, entry_price: computeEntryPrice(plan.price) });
      await tx.audit.append({ action: 'admin.plan_updated', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'plan', entity_id: id, metadata: { slug: plan.slug, price: plan.price, active: plan.active } });
      return saved;
    });
    this.changes.changed();
    if (!updated) throw notFound('plan_not_found', 'Plano não encontrado.');
    return toAdminPlan(updated);
  }

  /** Plans are never deleted (groups point at them): "delete" deactivates. */
  async adminDeactivate(id: string, actor: { id: string; email: string }) {
    const current = await this.adminGet(id);
    const { id: _id, entry_price: _e, created_at: _c, ...rest } = current;
    return this.adminUpdate(id, { ...rest, active: false }, actor);
  }

  /** Creates or updates a plan by slug (seeds, CLI, back office); the entry price is computed, never typed. */
  async savePlan(input: PlanInput) {
    const plan = planInputSchema.parse(input);
    const saved = await this.uow.run((tx) => tx.catalog.plans.upsertBySlug({ ...plan, entry_price: computeEntryPrice(plan.price) }));
    this.changes.changed();
    return saved;
  }
}
