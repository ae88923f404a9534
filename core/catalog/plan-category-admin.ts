// Back office of the plan categories (/admin/plan-categories): list, create, edit and delete — a category
// that plans or professionals use is never deleted (409 in pt-BR). Every change is audited with its before and after.
import { z } from 'zod';
import { conflict, notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import type { ListQuery } from '../shared/list-query';
import { NO_CATALOG_CACHE, type CatalogChanges } from '../ports/catalog-changes';
import type { AdminPlanCategoryFilter, PlanCategoryRecord } from './ports';
// The repository port and its rows live in ports.ts (a leaf the module's scope is built from).
export type { AdminPlanCategoryFilter, PlanCategoryAdminRepository, PlanCategoryAdminRow } from './ports';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { CatalogScope } from './ports';
import type { AuditScope } from '../audit/ports';

/** The tables the plan category back office reads and writes (audit: every change is logged). */
type PlanCategoryAdminScope = CatalogScope & AuditScope;

export const adminPlanCategoryInputSchema = z.object({
  name: z.string({ message: 'Informe o nome' }).trim().min(2, { message: 'Informe o nome da categoria (ao menos 2 caracteres)' }).max(80, { message: 'No máximo 80 caracteres' }),
  slug: z
    .string({ message: 'Informe o slug' })
    .trim()
    .min(2, { message: 'Slug muito curto' })
    .max(80, { message: 'No máximo 80 caracteres' })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'Use letras minúsculas, números e hífens' }),
  kind: z.enum(['service', 'product'], { message: 'Escolha o tipo: serviço ou produto' }),
  description: z
    .string()
    .trim()
    .max(500, { message: 'No máximo 500 caracteres' })
    .nullish()
    .transform((v) => v || null),
  sort_order: z.number({ message: 'A ordem deve ser um número inteiro' }).int({ message: 'A ordem deve ser um número inteiro' }).min(0, { message: 'A ordem não pode ser negativa' }).max(10_000, { message: 'Ordem alta demais' }).default(0),
  active: z.boolean().default(true),
});
export type AdminPlanCategoryInput = z.input<typeof adminPlanCategoryInputSchema>;

export const adminPlanCategoryFilterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  kind: z.enum(['service', 'product']).optional(),
  active: z.boolean().optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
}) satisfies z.ZodType<AdminPlanCategoryFilter>;

export const PLAN_CATEGORY_ADMIN_SORTS = ['name', 'slug', 'kind', 'sort_order', 'active', 'plans_count', 'professionals_count'] as const;

export const adminPlanCategorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    kind: z.enum(['service', 'product']),
    description: z.string().nullable(),
    sort_order: z.number().int(),
    active: z.boolean(),
    plans_count: z.number().int(),
    professionals_count: z.number().int(),
  })
  .meta({ id: 'AdminPlanCategory' });

type CategoryWrite = Omit<PlanCategoryRecord, 'id'>;

export const PLAN_CATEGORY_MESSAGES = {
  notFound: 'Categoria de plano não encontrada.',
  inUse: (plans: number, professionals: number) => {
    const parts = [
      plans ? `${plans} ${plans === 1 ? 'plano' : 'planos'}` : '',
      professionals ? `${professionals} ${professionals === 1 ? 'profissional' : 'profissionais'}` : '',
    ].filter(Boolean);
    return `Esta categoria não pode ser excluída: está em uso por ${parts.join(' e ')}. Desative a categoria em vez de excluí-la.`;
  },
} as const;

const notFoundError = () => notFound('category_not_found', PLAN_CATEGORY_MESSAGES.notFound);
const snapshot = (c: CategoryWrite) => ({ name: c.name, slug: c.slug, kind: c.kind, description: c.description, sort_order: c.sort_order, active: c.active });

export class PlanCategoryAdminService {
  constructor(
    private readonly uow: UnitOfWork<PlanCategoryAdminScope>,
    /** The public plan catalogue is cached: told after every change. */
    private readonly changes: CatalogChanges = NO_CATALOG_CACHE,
  ) {}

  list(query: ListQuery<AdminPlanCategoryFilter>) {
    const field = (PLAN_CATEGORY_ADMIN_SORTS as readonly string[]).includes(query.sort.field) ? query.sort.field : 'sort_order';
    return this.uow.repos.catalog.categories.list({ ...query, sort: { field, order: query.sort.order } });
  }

  async get(id: string) {
    const c = isId(id) ? await this.uow.repos.catalog.categories.find(id) : null;
    if (!c) throw notFoundError();
    return c;
  }

  async create(input: unknown, actor: { id: string; email: string }) {
    const data = adminPlanCategoryInputSchema.parse(input);
    const saved = await this.uow.run(async (tx) => {
      const c = await tx.catalog.categories.create(data);
      await this.audit(tx, actor, 'admin.plan_category_created', c.id, { before: null, after: snapshot(c) });
      return c;
    });
    this.changes.changed();
    return saved;
  }

  /** A new slug follows into the professionals' category (the foreign key cascades). */
  async update(id: string, input: unknown, actor: { id: string; email: string }) {
    if (!isId(id)) throw notFoundError();
    const data = adminPlanCategoryInputSchema.parse(input);
    const saved = await this.uow.run(async (tx) => {
      const before = await tx.catalog.categories.find(id, { lock: true });
      if (!before) throw notFoundError();
      const c = await tx.catalog.categories.update(id, data);
      if (!c) throw notFoundError();
      await this.audit(tx, actor, 'admin.plan_category_updated', id, { before: snapshot(before), after: snapshot(c) });
      return c;
    });
    this.changes.changed();
    return saved;
  }

  async delete(id: string, actor: { id: string; email: string }) {
    if (!isId(id)) throw notFoundError();
    const deleted = await this.uow.run(async (tx) => {
      const before = await tx.catalog.categories.find(id, { lock: true });
      if (!before) throw notFoundError();
      if (before.plans_count > 0 || before.professionals_count > 0) {
        throw conflict('category_in_use', PLAN_CATEGORY_MESSAGES.inUse(before.plans_count, before.professionals_count));
      }
      await tx.catalog.categories.delete(id);
      await this.audit(tx, actor, 'admin.plan_category_deleted', id, { before: snapshot(before), after: null });
      return before;
    });
    this.changes.changed();
    return deleted;
  }

  private audit(tx: Tx<PlanCategoryAdminScope>, actor: { id: string; email: string }, action: string, entityId: string, metadata: Record<string, unknown>) {
    return tx.audit.append({ action, actor_user_id: actor.id, actor_email: actor.email, entity_type: 'plan_category', entity_id: entityId, metadata });
  }
}
