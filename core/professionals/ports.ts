// The professionals module's persistence ports: applications and profiles, receivables, reviews.
import type { PixKeyType } from '../payments/ports';
import type { AddressFields, Uf } from '../address';
import type { ReceivableStatus } from './receivable-rules';
import type { PayoutRepository } from './payout-ports';

export const PROFESSIONAL_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type ProfessionalStatus = (typeof PROFESSIONAL_STATUSES)[number];
/** A trade register (CRO), as professionalRegisterSchema outputs it. */
export type ProfessionalRegister = { council: 'CRO'; number: string; uf: Uf };

/** The stored address fields plus a CEP that is always present (an application requires it). */
export interface ProfessionalRecord extends Omit<AddressFields, 'cep'> {
  id: string;
  user_id: string;
  status: ProfessionalStatus;
  approved: boolean;
  category: string;
  business_name: string;
  full_name: string;
  tax_id: string;
  register: ProfessionalRegister | null;
  cep: string;
  latitude: number | null;
  longitude: number | null;
  bio: string;
  pix_key_type: PixKeyType;
  pix_key: string;
  rating_average: number;
  total_reviews: number;
  featured_until: Date | null;
  rejection_reason: string | null;
  suspended_reason: string | null;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What ranking a nearby search needs (read from the index alone); the page's full records are read afterwards. */
export type NearbyCandidate = Pick<ProfessionalRecord, 'id' | 'status' | 'approved' | 'category' | 'latitude' | 'longitude' | 'rating_average' | 'featured_until'>;

export type NewProfessional = Omit<
  ProfessionalRecord,
  'id' | 'status' | 'approved' | 'rating_average' | 'total_reviews' | 'featured_until' | 'rejection_reason' | 'suspended_reason' | 'decided_at' | 'created_at' | 'updated_at'
>;

export interface ProfessionalFilter {
  status?: ProfessionalStatus;
  category?: string;
  city?: string;
  q?: string;
  id?: string[];
  /** true: featured_until in the future; false: not featured (none, or already past). */
  featured?: boolean;
  /** The instant "featured" is judged at (the service's clock); the database's clock when absent. */
  now?: Date;
}

export interface ProfessionalRepository {
  create(p: NewProfessional): Promise<ProfessionalRecord>;
  findById(id: string): Promise<ProfessionalRecord | null>;
  findByUserId(userId: string): Promise<ProfessionalRecord | null>;
  /** SELECT … FOR UPDATE. */
  lock(id: string): Promise<ProfessionalRecord | null>;
  update(id: string, patch: Partial<Omit<ProfessionalRecord, 'id' | 'user_id' | 'created_at'>>): Promise<void>;
  /**
   * Approved professionals with coordinates whose position may lie within `radiusKm` of the origin (an index-backed
   * bounding box: a superset; the core's great-circle rule decides), optionally of one category.
   */
  nearbyCandidates(origin: { latitude: number; longitude: number }, radiusKm: number, category?: string): Promise<NearbyCandidate[]>;
  /**
   * One page of the nearby search, ranked in the database by NEARBY_ORDER (featured at `now`, rating, great-circle
   * distance on EARTH_RADIUS_KM, id), inside `radiusKm`, and how many lie inside the radius in all.
   */
  nearbyPage(
    origin: { latitude: number; longitude: number },
    radiusKm: number,
    options: { category?: string; now: Date; offset: number; limit: number },
  ): Promise<{ items: Array<NearbyCandidate & { exact_km: number; featured: boolean }>; total: number }>;
  /** How many approved professionals with coordinates lie inside `radiusKm` (the `wider` offer). */
  nearbyCount(origin: { latitude: number; longitude: number }, radiusKm: number, category?: string): Promise<number>;
  /** Full records of these ids (any order; unknown ids are skipped): the page of a nearby search. */
  findManyByIds(ids: readonly string[]): Promise<ProfessionalRecord[]>;
  /** The first portfolio photo's storage key of each professional that has one. */
  firstPhotoKeys(ids: readonly string[]): Promise<Map<string, string>>;
  list(filter: ProfessionalFilter, sort: { field: string; order: 'ASC' | 'DESC' }, offset: number, limit: number): Promise<{ items: ProfessionalRecord[]; total: number }>;
  /** Storage keys of the portfolio, in order. */
  photos(professionalId: string): Promise<Array<{ id: string; storage_key: string; position: number }>>;
}

export interface ReceivableRecord {
  id: string;
  professional_id: string;
  voucher_id: string;
  plan_id: string;
  member_first_name: string;
  gross: number;
  fee: number;
  fee_percent: number;
  net: number;
  status: ReceivableStatus;
  available_at: Date;
  payout_id: string | null;
  created_at: Date;
}

export interface ReceivableRepository {
  create(r: Omit<ReceivableRecord, 'id' | 'status' | 'payout_id' | 'created_at'>): Promise<ReceivableRecord>;
  listForProfessional(professionalId: string, status?: ReceivableStatus): Promise<Array<ReceivableRecord & { plan_name: string }>>;
}

export interface ReviewRecord {
  id: string;
  voucher_id: string;
  professional_id: string;
  user_id: string;
  rating: number;
  comment: string | null;
  reply: string | null;
  replied_at: Date | null;
  hidden_at: Date | null;
  hidden_reason: string | null;
  reported_count: number;
  created_at: Date;
}

export interface ReviewRepository {
  /** Null when the voucher already has a review (the unique constraint decides). */
  createIfNone(r: Pick<ReviewRecord, 'voucher_id' | 'professional_id' | 'user_id' | 'rating' | 'comment'>): Promise<ReviewRecord | null>;
  findById(id: string): Promise<ReviewRecord | null>;
  /** The reviews of these vouchers (at most one each). */
  findByVoucherIds(voucherIds: string[]): Promise<ReviewRecord[]>;
  /** Sets the reply only if none yet; true for the one caller that did. */
  replyOnce(id: string, reply: string, at: Date): Promise<boolean>;
  incrementReports(id: string): Promise<void>;
  /** Published (not hidden) reviews of a professional with the reviewer's first name, newest first. */
  published(professionalId: string, limit: number): Promise<Array<ReviewRecord & { first_name: string }>>;
  /** Ratings of every review (hidden ones too, with hidden_at) of a professional. */
  ratings(professionalId: string): Promise<Array<{ rating: number; hidden_at: Date | null }>>;
  /** Reviews the user wrote, hidden ones too, newest first (the LGPD export). */
  listByUser(userId: string): Promise<ReviewRecord[]>;
  /** Every review of a professional, hidden ones too, newest first (the professional's LGPD export). */
  listForProfessional(professionalId: string): Promise<ReviewRecord[]>;
  /** The back office's list (reported first by default), with the professional's and the reviewer's names. */
  adminList(filter: ReviewAdminFilter, sort: { field: string; order: 'ASC' | 'DESC' }, offset: number, limit: number): Promise<{ items: AdminReviewRecord[]; total: number }>;
  adminFind(id: string): Promise<AdminReviewRecord | null>;
  /** Hides (a date and a reason) or publishes again (nulls) one review. */
  setHidden(id: string, hiddenAt: Date | null, reason: string | null): Promise<void>;
}

export interface ReviewAdminFilter {
  reported?: boolean;
  hidden?: boolean;
  professional_id?: string;
  q?: string;
  id?: string[];
}

export interface AdminReviewRecord extends ReviewRecord {
  professional_business_name: string;
  reviewer_name: string | null;
  reviewer_email: string | null;
}

/** One portfolio photo: the stored file's key, its place in the portfolio and the re-encoded size. */
export interface ProfessionalPhotoRecord {
  id: string;
  professional_id: string;
  storage_key: string;
  position: number;
  width: number | null;
  height: number | null;
  created_at: Date;
}

export interface ProfessionalPhotoRepository {
  /** In portfolio order. */
  list(professionalId: string): Promise<ProfessionalPhotoRecord[]>;
  find(id: string): Promise<ProfessionalPhotoRecord | null>;
  add(photo: Pick<ProfessionalPhotoRecord, 'professional_id' | 'storage_key' | 'position' | 'width' | 'height'>): Promise<ProfessionalPhotoRecord>;
  remove(id: string): Promise<void>;
  /** Gives the professional's photos the positions 0, 1, 2… in the order of `ids` (every id one of theirs). */
  reorder(professionalId: string, ids: readonly string[]): Promise<void>;
}

export interface ProfessionalRepositories {
  professionals: ProfessionalRepository;
  /** Portfolio photos (onboarding). */
  photos: ProfessionalPhotoRepository;
  receivables: ReceivableRepository;
  reviews: ReviewRepository;
  /** Payouts and the receivables' moves they make (payout-ports.ts). */
  payouts: PayoutRepository;
}

/** The professionals module's tables, as a unit of work scope (core/ports/unit-of-work.ts). */
export type ProfessionalsScope = { professionals: ProfessionalRepositories };
