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
  ReviewAdminFilter,
  AdminReviewRecord,
  NearbyCandidate,
} from '../../../core/professionals/ports';
import type { ReceivableStatus } from '../../../core/professionals/receivable-rules';
import { EARTH_RADIUS_KM, NEARBY_ORDER } from '../../../core/professionals/ranking';

const now = (db: Knex) => db.fn.now();
/** earthdistance's geo_distance (`point <@> point`) sphere, in statute miles. */
const GEO_DISTANCE_RADIUS_MILES = 3958.747716;
/** earthdistance's earth() radius, in km: its boxes are drawn on that sphere. */
const EARTHDISTANCE_RADIUS_KM = 6378.168;
const SORTABLE = new Set(['created_at', 'updated_at', 'business_name', 'full_name', 'status', 'category', 'address_city', 'rating_average', 'decided_at']);

/** The nearby query's columns: exactly the ones professionals_nearby_gist INCLUDEs (migration 20261124000900). */
const NEARBY_COLUMNS = ['id', 'status', 'approved', 'category', 'latitude', 'longitude', 'rating_average', 'featured_until'];

/** A literal, not a spread of the row: thousands per search in a big city. */
const nearbyCandidate = (row: Record<string, unknown>): NearbyCandidate => ({
  id: row.id as string,
  status: row.status as NearbyCandidate['status'],
  approved: row.approved as boolean,
  category: row.category as string,
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  rating_average: Number(row.rating_average),
  featured_until: row.featured_until as Date | null,
});

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
  async nearbyCandidates(origin: { latitude: number; longitude: number }, radiusKm: number, category?: string): Promise<NearbyCandidate[]> {
    return ((await this.nearbyQuery(origin, radiusKm, category)) as Array<Record<string, unknown>>).map(nearbyCandidate);
  }
  async nearbyPage(
    origin: { latitude: number; longitude: number },
    radiusKm: number,
    options: { category?: string; now: Date; offset: number; limit: number },
  ) {
    const rows = (await this.nearbyPageQuery(origin, radiusKm, options)) as Array<Record<string, unknown>>;
    const items = rows.map((row) => Object.assign(nearbyCandidate(row), { exact_km: Number(row.exact_km), featured: row.featured === true }));
    // The window count rides on the page's rows; a page past the end has none, so count apart.
    const total = rows.length ? Number(rows[0]!.total) : options.offset > 0 ? await this.nearbyCount(origin, radiusKm, options.category) : 0;
    return { items, total };
  }
  async nearbyCount(origin: { latitude: number; longitude: number }, radiusKm: number, category?: string) {
    const [row] = (await this.db
      .from(this.inCircle(origin, radiusKm, category).as('c'))
      .count({ count: '*' })) as Array<{ count: number | string }>;
    return Number(row?.count ?? 0);
  }
  async findManyByIds(ids: readonly string[]) {
    if (!ids.length) return [];
    return ((await this.db('professionals').whereIn('id', ids)) as Array<Record<string, unknown>>).map(professional);
  }
  async firstPhotoKeys(ids: readonly string[]) {
    const keys = new Map<string, string>();
    if (!ids.length) return keys;
    const rows = (await this.db('professional_photos')
      .distinctOn('professional_id')
      .whereIn('professional_id', ids)
      .orderBy([{ column: 'professional_id' }, { column: 'position' }, { column: 'created_at' }])
      .select('professional_id', 'storage_key')) as Array<{ professional_id: string; storage_key: string }>;
    for (const r of rows) keys.set(r.professional_id, r.storage_key);
    return keys;
  }
  /** The nearby search's SQL, exactly as nearbyPage runs it for a first page of 20: for EXPLAIN in tests and the bench. */
  nearbySql(origin: { latitude: number; longitude: number }, radiusKm: number, category?: string, now = new Date()) {
    return this.nearbyPageQuery(origin, radiusKm, { category, now, offset: 0, limit: 20 }).toSQL();
  }
  /**
   * The candidates of the indexed box with their great-circle distance (haversine on EARTH_RADIUS_KM, the core's
   * formula), kept when inside the circle. Every column read is INCLUDEd in professionals_nearby_gist.
   */
  private inCircle(origin: { latitude: number; longitude: number }, radiusKm: number, category?: string, now?: Date) {
    // earthdistance's point operator `<@>` is the haversine formula in C (geo_distance), in statute miles on a sphere of
    // 3958.747716 mi: rescaled to EARTH_RADIUS_KM it is the core's great-circle distance, one C call per candidate.
    const inner = this.nearbyQuery(origin, radiusKm, category)
      .clearOrder()
      .select(this.db.raw('(point(longitude, latitude) <@> point(?, ?)) * ? as exact_km', [origin.longitude, origin.latitude, EARTH_RADIUS_KM / GEO_DISTANCE_RADIUS_MILES]));
    if (now) inner.select(this.db.raw('coalesce(featured_until > ?, false) as featured', [now]));
    return this.db.from(inner.as('box')).where('exact_km', '<=', radiusKm);
  }
  private nearbyPageQuery(
    origin: { latitude: number; longitude: number },
    radiusKm: number,
    options: { category?: string; now: Date; offset: number; limit: number },
  ) {
    const column = { featured: 'featured', rating_average: 'rating_average', distance: 'exact_km', id: 'id' } as const;
    return this.inCircle(origin, radiusKm, options.category, options.now)
      .select('*', this.db.raw('count(*) over () as total'))
      .orderBy(NEARBY_ORDER.map((o) => ({ column: column[o.key], order: o.direction })))
      .offset(options.offset)
      .limit(options.limit);
  }
  private nearbyQuery(origin: { latitude: number; longitude: number }, radiusKm: number, category?: string) {
    // The predicate repeats the partial index's (approved, with coordinates) so the planner can use it; the box's
    // half-side is the radius on earthdistance's slightly larger sphere plus 1%: a superset of the circle.
    const boxMetres = radiusKm * 1000 * (EARTHDISTANCE_RADIUS_KM / EARTH_RADIUS_KM) * 1.01;
    const q = this.db('professionals')
      .where('status', 'approved')
      .whereNotNull('latitude')
      .whereNotNull('longitude')
      .whereRaw('earth_box(ll_to_earth(?, ?), ?) @> ll_to_earth(latitude, longitude)', [origin.latitude, origin.longitude, boxMetres]);
    if (category) q.where('category', category);
    // Only what the ranking needs, all INCLUDEd in the index: an index-only scan, no heap page per candidate.
    return q.orderBy('id').select(NEARBY_COLUMNS);
  }
  async list(filter: ProfessionalFilter, sort: { field: string; order: 'ASC' | 'DESC' }, offset: number, limit: number) {
    const q = this.db('professionals');
    if (filter.status) q.where('status', filter.status);
    if (filter.category) q.where('category', filter.category);
    if (filter.city) q.whereILike('address_city', filter.city);
    if (filter.q) q.where((w) => w.whereILike('business_name', `%${filter.q}%`).orWhereILike('full_name', `%${filter.q}%`));
    if (filter.id) q.whereIn('id', filter.id);
    const at = filter.now ?? now(this.db);
    if (filter.featured === true) q.where('featured_until', '>', at);
    if (filter.featured === false) q.where((w) => w.whereNull('featured_until').orWhere('featured_until', '<=', at));
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
  async findByVoucherIds(voucherIds: string[]) {
    if (!voucherIds.length) return [];
    return (await this.db('reviews').whereIn('voucher_id', voucherIds)) as ReviewRecord[];
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
  async listByUser(userId: string) {
    return (await this.db('reviews').where({ user_id: userId }).orderBy('created_at', 'desc')) as ReviewRecord[];
  }
  async listForProfessional(professionalId: string) {
    return (await this.db('reviews').where({ professional_id: professionalId }).orderBy('created_at', 'desc')) as ReviewRecord[];
  }
  private adminQuery() {
    return this.db('reviews as r')
      .join('professionals as pr', 'pr.id', 'r.professional_id')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('profiles as pf', 'pf.user_id', 'r.user_id');
  }
  private static readonly ADMIN_COLUMNS = ['r.*', 'pr.business_name as professional_business_name', 'pf.full_name as reviewer_name', 'u.email as reviewer_email'];
  async adminList(filter: ReviewAdminFilter, sort: { field: string; order: 'ASC' | 'DESC' }, offset: number, limit: number) {
    const q = this.adminQuery();
    if (filter.reported === true) q.where('r.reported_count', '>', 0);
    if (filter.reported === false) q.where('r.reported_count', 0);
    if (filter.hidden === true) q.whereNotNull('r.hidden_at');
    if (filter.hidden === false) q.whereNull('r.hidden_at');
    if (filter.professional_id) q.where('r.professional_id', filter.professional_id);
    if (filter.id) q.whereIn('r.id', filter.id);
    if (filter.q) q.where((w) => w.whereILike('r.comment', `%${filter.q}%`).orWhereILike('pr.business_name', `%${filter.q}%`));
    const counted = (await q.clone().count({ count: '*' })) as Array<{ count: number | string }>;
    const order = sort.order === 'ASC' ? 'asc' : 'desc';
    const field = REVIEW_SORTABLE.has(sort.field) ? sort.field : 'reported_count';
    // Ties (most often: nobody reported) fall back to the newest first.
    const rows = (await q
      .orderBy([{ column: `r.${field}`, order }, { column: 'r.created_at', order: 'desc' }, { column: 'r.id', order: 'asc' }])
      .offset(offset)
      .limit(limit)
      .select(KnexReviewRepository.ADMIN_COLUMNS)) as AdminReviewRecord[];
    return { items: rows, total: Number(counted[0]?.count ?? 0) };
  }
  async adminFind(id: string) {
    return ((await this.adminQuery().where('r.id', id).select(KnexReviewRepository.ADMIN_COLUMNS).first()) as AdminReviewRecord | undefined) ?? null;
  }
  async setHidden(id: string, hiddenAt: Date | null, reason: string | null) {
    await this.db('reviews').where({ id }).update({ hidden_at: hiddenAt, hidden_reason: reason, updated_at: now(this.db) });
  }
}

const REVIEW_SORTABLE = new Set(['reported_count', 'created_at', 'rating', 'hidden_at']);
