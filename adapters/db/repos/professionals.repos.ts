// Knex repositories of the professionals module: profiles (with the earthdistance-indexed nearby search), receivables,
// reviews.
import type { Knex } from 'knex';
import type {
  NewProfessional,
  ProfessionalFilter,
  ProfessionalRecord,
  ProfessionalRepository,
  ReceivableRecord,
  ReceivableRepository,
  ReviewRecord,
  ReviewRepository,
} from '../../../core/professionals/ports';
import type { ReceivableStatus } from '../../../core/professionals/receivable-rules';
import { EARTH_RADIUS_KM } from '../../../core/professionals/ranking';

const now = (db: Knex) => db.fn.now();
/** earthdistance's earth() radius, in km: its boxes are drawn on that sphere. */
const EARTHDISTANCE_RADIUS_KM = 6378.168;
const SORTABLE = new Set(['created_at', 'updated_at', 'business_name', 'full_name', 'status', 'category', 'address_city', 'rating_average', 'decided_at']);

const professional = (row: Record<string, unknown>): ProfessionalRecord =>
  ({ ...row, rating_average: Number(row.rating_average), latitude: row.latitude === null ? null : Number(row.latitude), longitude: row.longitude === null ? null : Number(row.longitude) }) as ProfessionalRecord;

export class KnexProfessionalRepository implements ProfessionalRepository {
  constructor(private readonly db: Knex) {}

  async create(p: NewProfessional) {
    const [row] = await this.db('professionals').insert({ ...p, register: p.register ? JSON.stringify(p.register) : null }).returning('*');
    return professional(row);
  }
  async findById(id: string) {
    const row = await this.db('professionals').where({ id }).first();
    return row ? professional(row) : null;
  }
  async findByUserId(userId: string) {
    const row = await this.db('professionals').where({ user_id: userId }).first();
    return row ? professional(row) : null;
  }
  async lock(id: string) {
    const row = await this.db('professionals').where({ id }).forUpdate().first();
    return row ? professional(row) : null;
  }
  async update(id: string, patch: Partial<Omit<ProfessionalRecord, 'id' | 'user_id' | 'created_at'>>) {
    const { register, ...rest } = patch;
    await this.db('professionals')
      .where({ id })
      .update({ ...rest, ...(register !== undefined ? { register: register ? JSON.stringify(register) : null } : {}), updated_at: now(this.db) });
  }
  async nearbyCandidates(origin: { latitude: number; longitude: number }, radiusKm: number, category?: string) {
    // The predicate repeats the partial index's (approved, with coordinates) so the planner can use it; the box's
    // half-side is the radius on earthdistance's slightly larger sphere plus 1%: a superset of the circle.
    const boxMetres = radiusKm * 1000 * (EARTHDISTANCE_RADIUS_KM / EARTH_RADIUS_KM) * 1.01;
    const q = this.db('professionals')
      .where('status', 'approved')
      .whereNotNull('latitude')
      .whereNotNull('longitude')
      .whereRaw('earth_box(ll_to_earth(?, ?), ?) @> ll_to_earth(latitude, longitude)', [origin.latitude, origin.longitude, boxMetres]);
    if (category) q.where('category', category);
    return ((await q.orderBy('id')) as Array<Record<string, unknown>>).map(professional);
  }
  /** The nearby query's SQL, for EXPLAIN in tests. */
  nearbySql(origin: { latitude: number; longitude: number }, radiusKm: number) {
    const boxMetres = radiusKm * 1000 * (EARTHDISTANCE_RADIUS_KM / EARTH_RADIUS_KM) * 1.01;
    return this.db('professionals')
      .where('status', 'approved')
      .whereNotNull('latitude')
      .whereNotNull('longitude')
      .whereRaw('earth_box(ll_to_earth(?, ?), ?) @> ll_to_earth(latitude, longitude)', [origin.latitude, origin.longitude, boxMetres])
      .toSQL();
  }
  async list(filter: ProfessionalFilter, sort: { field: string; order: 'ASC' | 'DESC' }, offset: number, limit: number) {
    const q = this.db('professionals');
    if (filter.status) q.where('status', filter.status);
    if (filter.category) q.where('category', filter.category);
    if (filter.city) q.whereILike('address_city', filter.city);
    if (filter.q) q.where((w) => w.whereILike('business_name', `%${filter.q}%`).orWhereILike('full_name', `%${filter.q}%`));
    if (filter.id) q.whereIn('id', filter.id);
    const counted = (await q.clone().count({ count: '*' })) as Array<{ count: number | string }>;
    const count = counted[0]?.count ?? 0;
    const field = SORTABLE.has(sort.field) ? sort.field : 'created_at';
    const rows = (await q.orderBy([{ column: field, order: sort.order.toLowerCase() as 'asc' | 'desc' }, { column: 'id', order: 'asc' }]).offset(offset).limit(limit)) as Array<Record<string, unknown>>;
    return { items: rows.map(professional), total: Number(count) };
  }
  async photos(professionalId: string) {
    return (await this.db('professional_photos').where({ professional_id: professionalId }).orderBy(['position', 'created_at']).select('id', 'storage_key', 'position')) as Array<{ id: string; storage_key: string; position: number }>;
  }
}

export class KnexReceivableRepository implements ReceivableRepository {
  constructor(private readonly db: Knex) {}

  async create(r: Omit<ReceivableRecord, 'id' | 'status' | 'payout_id' | 'created_at'>) {
    const [row] = await this.db('receivables').insert(r).returning('*');
    return { ...row, fee_percent: Number(row.fee_percent) } as ReceivableRecord;
  }
  async listForProfessional(professionalId: string, status?: ReceivableStatus) {
    const q = this.db('receivables as r').join('plans as p', 'p.id', 'r.plan_id').where('r.professional_id', professionalId);
    if (status) q.where('r.status', status);
    const rows = (await q.orderBy('r.created_at', 'desc').select('r.*', 'p.name as plan_name')) as Array<ReceivableRecord & { plan_name: string }>;
    return rows.map((row) => ({ ...row, fee_percent: Number(row.fee_percent) }));
  }
}

export class KnexReviewRepository implements ReviewRepository {
  constructor(private readonly db: Knex) {}

  async createIfNone(r: Pick<ReviewRecord, 'voucher_id' | 'professional_id' | 'user_id' | 'rating' | 'comment'>) {
    const rows = (await this.db('reviews').insert(r).onConflict('voucher_id').ignore().returning('*')) as ReviewRecord[];
    return rows[0] ?? null;
  }
  async findById(id: string) {
    return ((await this.db('reviews').where({ id }).first()) as ReviewRecord | undefined) ?? null;
  }
  async replyOnce(id: string, reply: string, at: Date) {
    return (await this.db('reviews').where({ id }).whereNull('reply').update({ reply, replied_at: at, updated_at: now(this.db) })) === 1;
  }
  async incrementReports(id: string) {
    await this.db('reviews').where({ id }).update({ reported_count: this.db.raw('reported_count + 1'), updated_at: now(this.db) });
  }
  async published(professionalId: string, limit: number) {
    return (await this.db('reviews as r')
      .leftJoin('profiles as p', 'p.user_id', 'r.user_id')
      .where('r.professional_id', professionalId)
      .whereNull('r.hidden_at')
      .orderBy('r.created_at', 'desc')
      .limit(limit)
      .select('r.*', this.db.raw(`coalesce(nullif(split_part(trim(p.full_name), ' ', 1), ''), 'Cliente') as first_name`))) as Array<ReviewRecord & { first_name: string }>;
  }
  async ratings(professionalId: string) {
    return (await this.db('reviews').where({ professional_id: professionalId }).select('rating', 'hidden_at')) as Array<{ rating: number; hidden_at: Date | null }>;
  }
}
