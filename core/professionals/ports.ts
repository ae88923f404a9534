// The professionals module's persistence ports: applications and profiles, receivables, reviews.
import type { PixKeyType } from '../payments';
import type { AddressFields } from '../address';
import type { ProfessionalRegister, ProfessionalStatus } from './professional-rules';
import type { ReceivableStatus } from './receivable-rules';

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
  nearbyCandidates(origin: { latitude: number; longitude: number }, radiusKm: number, category?: string): Promise<ProfessionalRecord[]>;
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
  /** Sets the reply only if none yet; true for the one caller that did. */
  replyOnce(id: string, reply: string, at: Date): Promise<boolean>;
  incrementReports(id: string): Promise<void>;
  /** Published (not hidden) reviews of a professional with the reviewer's first name, newest first. */
  published(professionalId: string, limit: number): Promise<Array<ReviewRecord & { first_name: string }>>;
  /** Ratings of every review (hidden ones too, with hidden_at) of a professional. */
  ratings(professionalId: string): Promise<Array<{ rating: number; hidden_at: Date | null }>>;
}

export interface ProfessionalRepositories {
  professionals: ProfessionalRepository;
  receivables: ReceivableRepository;
  reviews: ReviewRepository;
}
