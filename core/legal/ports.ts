// The legal documents' persistence port: the published versions of the terms and the privacy policy, and each
// person's acceptance of a version (when, and the address only as a keyed hash).

export type LegalKind = 'terms' | 'privacy';
export const LEGAL_KINDS: readonly LegalKind[] = ['terms', 'privacy'];

export interface LegalDocumentRecord {
  id: string;
  kind: LegalKind;
  version: string;
  published_at: Date;
  summary: string;
  created_at: Date;
}

export interface LegalAcceptanceRecord {
  id: string;
  user_id: string;
  document_id: string;
  kind: LegalKind;
  version: string;
  accepted_at: Date;
  /** HMAC of the address with a server secret; null when the request had none. Never the address itself. */
  ip_hash: string | null;
}

export interface LegalRepository {
  /** The version in force at `at`: the newest one published by then. */
  current(kind: LegalKind, at: Date): Promise<LegalDocumentRecord | null>;
  list(): Promise<LegalDocumentRecord[]>;
  findByVersion(kind: LegalKind, version: string): Promise<LegalDocumentRecord | null>;
  create(doc: Omit<LegalDocumentRecord, 'id' | 'created_at'>): Promise<LegalDocumentRecord>;
  /** Stores an acceptance once per person and version (false when it was stored already). */
  accept(a: Omit<LegalAcceptanceRecord, 'id'>): Promise<boolean>;
  acceptances(userId: string): Promise<LegalAcceptanceRecord[]>;
}

export type LegalScope = { legal: LegalRepository };
