// Professionals' use cases (docs/product/professionals.md): applying, the back office's decisions and featuring, the
// public profile, the professional's own profile and receivables. The nearby search (nearby-search.ts) and reviews
// (reviews.service.ts) are their own use cases; redeeming a voucher is a flow (core/flows/redeem-voucher.flow.ts).
import { z } from 'zod';
import type { Clock } from '../shared/clock';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import { notify } from '../notifications';
import { greetingFor, promoteUser, renderEmail, type RequestMeta } from '../identity';
import type { AddressService } from '../address';
import { pixKeySchema } from '../payments';
import type { ProfessionalRecord, ReceivableRecord } from './ports';
import { assertProfessionalMove, decisionReasonSchema, formatRegister, portfolioRefusal, professionalApplicationSchema, type ProfessionalStatus } from './professional-rules';
import { isFeatured } from './ranking';
import { receivableTotals, type ReceivableStatus } from './receivable-rules';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { ProfessionalsScope } from './ports';
import type { IdentityScope } from '../identity/ports';
import type { GroupsScope } from '../groups/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';
import type { CatalogScope } from '../catalog/ports';
import { NearbySearch, photoUrl, type NearbyQuery } from './nearby-search';
import { PinPlacement } from './pin-placement';
import { ReviewService } from './reviews.service';
import type { ProfessionalActor } from './reviews.service';

/** The tables professional use cases read and write; they reach identity (the role), groups (vouchers redeemed), notifications and catalog. */
type ProfessionalScope = ProfessionalsScope & IdentityScope & GroupsScope & NotificationsScope & AuditScope & CatalogScope;

/** Who acts: a signed-in user, or an operator at the CLI (no user id). */
export type { ProfessionalActor };

/** What the professional may change on their own profile (the category and tax id are fixed once sent). */
export const professionalUpdateSchema = z
  .object({
    business_name: z.string().trim().min(2).max(120),
    bio: z.string().trim().min(30, { error: 'Apresentação: pelo menos 30 caracteres' }).max(1_500),
    address_number: z.string().trim().min(1).max(20),
    address_complement: z.string().trim().max(80).nullable(),
    latitude: z.number().min(-34).max(6),
    longitude: z.number().min(-74).max(-32),
    pix_key: pixKeySchema,
    /** With latitude and longitude: the person confirmed a pin far from the CEP's city (pin-rules.ts). */
    pin_confirmed: z.boolean(),
  })
  .partial()
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined), { error: 'Informe latitude e longitude juntas', path: ['latitude'] });

/** Featuring lasts to 23:59:59 of that day in São Paulo (UTC−3, no daylight saving since 2019). */
export function endOfDaySaoPaulo(day: string): Date {
  return new Date(`${day}T23:59:59.999-03:00`);
}

const firstName = (full: string | null | undefined) => (full ?? '').trim().split(/\s+/)[0] || 'Cliente';

type Decision = 'approve' | 'reject' | 'suspend' | 'reactivate';
const DECISION_TARGET: Record<Decision, ProfessionalStatus> = { approve: 'approved', reject: 'rejected', suspend: 'suspended', reactivate: 'approved' };

export class ProfessionalService {
  constructor(
    private readonly uow: UnitOfWork<ProfessionalScope>,
    private readonly clock: Clock,
    private readonly address: Pick<AddressService, 'lookup' | 'locate'>,
  ) {
    this.search = new NearbySearch(uow, clock);
    this.reviews = new ReviewService(uow, clock);
    this.pins = new PinPlacement(uow, address);
  }

  private readonly search: NearbySearch;
  private readonly reviews: ReviewService;
  private readonly pins: PinPlacement;

  /** POST /api/professionals/applications: a signed-in user applies; the application waits for review. */
  async apply(actor: { id: string; email: string }, input: unknown, meta: RequestMeta): Promise<{ id: string; status: ProfessionalStatus }> {
    const app = professionalApplicationSchema.parse(input);
    const categories = await this.uow.repos.catalog.plans.listCategories({ activeOnly: true });
    if (!categories.some((c) => c.slug === app.category && c.kind === 'service')) {
      throw invalid('invalid_category', 'Categoria inválida', { category: 'Escolha uma categoria de serviço' });
    }
    // The CEP's address and, unless a pin was placed, its coordinates; either may fail (tolerated, docs/product/spec.md §7).
    const found = await this.address.lookup(app.cep).catch(() => null);
    const latitude = app.latitude ?? found?.latitude ?? null;
    const longitude = app.longitude ?? found?.longitude ?? null;
    // A pin placed by hand (or by the device) is checked against Brazil and the CEP's city (pin-rules.ts).
    if (app.latitude != null && app.longitude != null) {
      await this.pins.check({ latitude: app.latitude, longitude: app.longitude }, { city: found?.city || null, state: found?.state || null, cep: null }, app.pin_confirmed === true);
    }
    return this.uow.run(async (tx) => {
      const existing = await tx.professionals.professionals.findByUserId(actor.id);
      // A rejected application is corrected and sent again (rejected → pending); any other is already under way.
      if (existing && existing.status !== 'rejected') throw conflict('application_exists', 'Você já enviou um cadastro de profissional.');
      if (existing) assertProfessionalMove(existing.status, 'pending');
      // A corrected application goes back for review with its portfolio (3–8 photos, kept while it was rejected).
      if (existing) {
        const refusal = portfolioRefusal((await tx.professionals.photos.list(existing.id)).length);
        if (refusal) throw conflict('portfolio_incomplete', refusal);
      }
      const profile = await tx.identity.profiles.findByUserId(actor.id);
      const fields = {
        category: app.category,
        business_name: app.business_name,
        full_name: profile?.full_name ?? app.business_name,
        tax_id: app.tax_id,
        register: app.register ?? null,
        cep: app.cep,
        address_street: found?.street || null,
        address_number: app.address_number,
        address_complement: app.address_complement ?? null,
        address_district: found?.district || null,
        address_city: found?.city || null,
        address_state: found?.state || null,
        latitude: latitude === null || longitude === null ? null : latitude,
        longitude: latitude === null || longitude === null ? null : longitude,
        bio: app.bio,
        pix_key_type: app.pix_key.type,
        pix_key: app.pix_key.key,
      };
      let created: ProfessionalRecord;
      if (existing) {
        await tx.professionals.professionals.update(existing.id, { ...fields, status: 'pending', approved: false, rejection_reason: null, decided_at: null });
        created = (await tx.professionals.professionals.findById(existing.id))!;
      } else {
        created = await tx.professionals.professionals.create({ user_id: actor.id, ...fields });
      }
      await tx.audit.append({ action: existing ? 'professional.resubmitted' : 'professional.applied', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'professional', entity_id: created.id, ip: meta.ip, user_agent: meta.userAgent, request_id: meta.requestId, metadata: { category: app.category } });
      return { id: created.id, status: created.status };
    });
  }

  /** GET /api/me/professional. */
  async mine(userId: string) {
    const p = await this.uow.repos.professionals.professionals.findByUserId(userId);
    if (!p) throw notFound('professional_not_found', 'Você ainda não tem cadastro de profissional.');
    return this.ownView(this.uow.repos, p);
  }

  /** PATCH /api/me/professional. */
  async updateMine(userId: string, input: unknown) {
    const { pin_confirmed, ...patch } = professionalUpdateSchema.parse(input);
    if (patch.latitude !== undefined && patch.longitude !== undefined) {
      const before = await this.uow.repos.professionals.professionals.findByUserId(userId);
      if (before) await this.pins.check({ latitude: patch.latitude, longitude: patch.longitude }, { city: before.address_city, state: before.address_state, cep: before.cep }, pin_confirmed === true);
    }
    return this.uow.run(async (tx) => {
      const p = await tx.professionals.professionals.findByUserId(userId);
      if (!p) throw notFound('professional_not_found', 'Você ainda não tem cadastro de profissional.');
      const { pix_key, ...rest } = patch;
      await tx.professionals.professionals.update(p.id, { ...rest, ...(pix_key ? { pix_key_type: pix_key.type, pix_key: pix_key.key } : {}) });
      return this.ownView(tx, (await tx.professionals.professionals.findById(p.id))!);
    });
  }

  /** PUT /api/me/professional/location: the pin moved by hand, checked (pin-placement.ts); the nearby search uses it at once. */
  async moveMine(actor: { id: string; email: string }, input: unknown) {
    const moved = await this.pins.move(actor.id, input, actor.email);
    return this.ownView(this.uow.repos, moved);
  }

  private async ownView(repos: ProfessionalScope, p: ProfessionalRecord) {
    const photos = await repos.professionals.professionals.photos(p.id);
    return {
      ...this.base(p),
      user_id: p.user_id,
      photos: photos.map((ph) => ({ id: ph.id, url: photoUrl(ph.storage_key) })),
    };
  }

  private base(p: ProfessionalRecord) {
    return {
      id: p.id,
      status: p.status,
      approved: p.approved,
      category: p.category,
      business_name: p.business_name,
      full_name: p.full_name,
      tax_id: p.tax_id,
      register: p.register,
      cep: p.cep,
      address_street: p.address_street,
      address_number: p.address_number,
      address_complement: p.address_complement,
      address_district: p.address_district,
      address_city: p.address_city,
      address_state: p.address_state,
      latitude: p.latitude,
      longitude: p.longitude,
      bio: p.bio,
      pix_key: { type: p.pix_key_type, key: p.pix_key },
      rating_average: Number(p.rating_average),
      total_reviews: p.total_reviews,
      featured_until: p.featured_until ? p.featured_until.toISOString() : null,
      rejection_reason: p.rejection_reason,
      suspended_reason: p.suspended_reason,
      created_at: p.created_at.toISOString(),
    };
  }

  /** The back office's view of one professional. */
  adminView(p: ProfessionalRecord) {
    return { ...this.base(p), user_id: p.user_id, decided_at: p.decided_at ? p.decided_at.toISOString() : null, featured: isFeatured(p.featured_until, this.clock.now()) };
  }

  async adminList(filter: { status?: ProfessionalStatus; category?: string; city?: string; q?: string; id?: string[]; featured?: boolean }, sort: { field: string; order: 'ASC' | 'DESC' }, offset: number, limit: number) {
    const { items, total } = await this.uow.repos.professionals.professionals.list({ ...filter, now: this.clock.now() }, sort, offset, limit);
    return { items: items.map((p) => this.adminView(p)), total };
  }

  async adminGet(id: string) {
    const p = await this.uow.repos.professionals.professionals.findById(id);
    if (!p) throw notFound('professional_not_found', 'Profissional não encontrado.');
    return this.adminView(p);
  }

  /** The back office's show page: the application with its portfolio photos. */
  async adminDetail(id: string) {
    const p = /^[0-9a-f-]{36}$/i.test(id) ? await this.uow.repos.professionals.professionals.findById(id) : null;
    if (!p) throw notFound('professional_not_found', 'Profissional não encontrado.');
    const photos = await this.uow.repos.professionals.professionals.photos(p.id);
    return { ...this.adminView(p), photos: photos.map((ph) => ({ id: ph.id, url: photoUrl(ph.storage_key) })) };
  }

  /** The back office decides: approve, reject (reason), suspend (reason), reactivate. Audited, notified, e-mailed. */
  /** An admin's decision; "approve" on a suspended professional reactivates them (decided under the row lock). */
  async decide(actor: ProfessionalActor, id: string, asked: Decision, reasonInput?: unknown) {
    const reason = asked === 'reject' || asked === 'suspend' ? decisionReasonSchema.parse(reasonInput) : null;
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      const p = await tx.professionals.professionals.lock(id);
      if (!p) throw notFound('professional_not_found', 'Profissional não encontrado.');
      const decision: Decision = asked === 'approve' && p.status === 'suspended' ? 'reactivate' : asked;
      const to = DECISION_TARGET[decision];
      assertProfessionalMove(p.status, to);
      // docs/product/professionals.md: an application is approved with its 3–8 portfolio photos (uploaded after it was created).
      if (decision === 'approve') {
        const count = (await tx.professionals.photos.list(id)).length;
        if (portfolioRefusal(count)) throw conflict('portfolio_incomplete', `O portfólio tem ${count} foto(s): são necessárias de 3 a 8 para aprovar.`);
      }
      await tx.professionals.professionals.update(id, {
        status: to,
        approved: to === 'approved',
        decided_at: now,
        ...(decision === 'reject' ? { rejection_reason: reason } : {}),
        ...(decision === 'suspend' ? { suspended_reason: reason } : {}),
        ...(to === 'approved' ? { rejection_reason: null, suspended_reason: null } : {}),
      });
      // The dashboard is the professional's (docs/product/spec.md §6): approval makes the account's role professional.
      const user = await tx.identity.users.findById(p.user_id);
      if (to === 'approved') await promoteUser(tx, user, 'professional');
      await tx.audit.append({ action: `admin.professional_${decision}`, actor_user_id: actor.id, actor_email: actor.email, entity_type: 'professional', entity_id: id, metadata: { from: p.status, to, reason } });
      const status = to as 'approved' | 'rejected' | 'suspended';
      await tx.notifications.create(notify.professionalStatus(p.user_id, id, status, reason, now));
      if (user) await tx.jobs.enqueue('mail.send', decisionEmail(user.email, p.full_name, status, reason));
      return this.adminView((await tx.professionals.professionals.findById(id))!);
    });
  }

  /** Featured until the end of that day (paid placement, docs/product/professionals.md); null ends it. */
  async feature(actor: ProfessionalActor, id: string, until: Date | null) {
    return this.uow.run(async (tx) => {
      const p = await tx.professionals.professionals.lock(id);
      if (!p) throw notFound('professional_not_found', 'Profissional não encontrado.');
      if (p.status !== 'approved' && until) throw conflict('professional_not_approved', 'Só um profissional aprovado pode ser destacado.');
      await tx.professionals.professionals.update(id, { featured_until: until });
      await tx.audit.append({ action: 'admin.professional_featured', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'professional', entity_id: id, metadata: { until: until?.toISOString() ?? null } });
      return this.adminView((await tx.professionals.professionals.findById(id))!);
    });
  }

  /** GET /api/professionals/nearby: ranked in the database, with a wider radius offered when few are near (nearby-search.ts). */
  nearby(query: NearbyQuery) {
    return this.search.nearby(query);
  }

  /** GET /api/professionals/:id: an approved professional's public profile with published reviews. */
  async publicProfile(id: string) {
    const repos = this.uow.repos;
    const p = /^[0-9a-f-]{36}$/i.test(id) ? await repos.professionals.professionals.findById(id) : null;
    if (!p || p.status !== 'approved') throw notFound('professional_not_found', 'Profissional não encontrado.');
    const [photos, reviews] = await Promise.all([repos.professionals.professionals.photos(id), repos.professionals.reviews.published(id, 50)]);
    return {
      id: p.id,
      full_name: p.full_name,
      business_name: p.business_name,
      category: p.category,
      bio: p.bio,
      register: p.register ? formatRegister(p.register) : null,
      street: p.address_street,
      number: p.address_number,
      district: p.address_district,
      city: p.address_city,
      state: p.address_state,
      latitude: p.latitude,
      longitude: p.longitude,
      rating_average: Number(p.rating_average),
      total_reviews: p.total_reviews,
      featured: isFeatured(p.featured_until, this.clock.now()),
      photos: photos.map((ph) => ({ id: ph.id, url: photoUrl(ph.storage_key) })),
      reviews: reviews.map((r) => ({
        id: r.id,
        rating: r.rating,
        comment: r.comment,
        first_name: r.first_name,
        reply: r.reply,
        replied_at: r.replied_at ? r.replied_at.toISOString() : null,
        created_at: r.created_at.toISOString(),
      })),
    };
  }

  /** POST /api/reviews (reviews.service.ts): the voucher's member, once per voucher, within 90 days of the redemption. */
  review(userId: string, input: unknown) {
    return this.reviews.review(userId, input);
  }

  /** POST /api/reviews/:id/reply: the reviewed professional, once. */
  reply(userId: string, reviewId: string, input: unknown) {
    return this.reviews.reply(userId, reviewId, input);
  }

  /** POST /api/reviews/:id/report: any signed-in user; the back office sees the count. */
  report(actor: ProfessionalActor, reviewId: string, input: unknown) {
    return this.reviews.report(actor, reviewId, input);
  }

  /** GET /api/me/receivables: only the caller's own. */
  async myReceivables(userId: string, status?: ReceivableStatus) {
    const p = await this.uow.repos.professionals.professionals.findByUserId(userId);
    if (!p) throw forbidden('not_a_professional', 'Disponível apenas para profissionais.');
    const all = await this.uow.repos.professionals.receivables.listForProfessional(p.id);
    const items = status ? all.filter((r) => r.status === status) : all;
    return { items: items.map(receivableView), totals: receivableTotals(all) };
  }

}

export function receivableView(r: ReceivableRecord & { plan_name: string }) {
  return {
    id: r.id,
    voucher_id: r.voucher_id,
    plan: { id: r.plan_id, name: r.plan_name },
    member_first_name: r.member_first_name,
    gross: r.gross,
    fee: r.fee,
    fee_percent: Number(r.fee_percent),
    net: r.net,
    status: r.status,
    available_at: r.available_at.toISOString(),
    created_at: r.created_at.toISOString(),
  };
}

export { firstName as professionalFirstName };

function decisionEmail(to: string, name: string, status: 'approved' | 'rejected' | 'suspended', reason: string | null) {
  const subject = status === 'approved' ? 'Seu cadastro de profissional foi aprovado' : status === 'rejected' ? 'Seu cadastro de profissional não foi aprovado' : 'Seu cadastro de profissional foi suspenso';
  const intro =
    status === 'approved'
      ? ['Seu cadastro na Turma foi aprovado: você já aparece na busca de profissionais e pode receber vouchers.']
      : status === 'rejected'
        ? ['Analisamos seu cadastro de profissional e ele não foi aprovado.', `Motivo: ${reason ?? '—'}`, 'Você pode corrigir os dados e enviar novamente.']
        : ['Seu cadastro de profissional na Turma foi suspenso.', `Motivo: ${reason ?? '—'}`];
  return renderEmail(to, subject, `professional_${status}`, { greeting: greetingFor(name), intro, outro: ['Dúvidas? Responda este e-mail.'] });
}
