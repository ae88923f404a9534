// The legal documents' tables: published versions and each person's acceptances.
import type { Knex } from 'knex';
import type { LegalAcceptanceRecord, LegalDocumentRecord, LegalKind, LegalRepository } from '../../../core/legal/ports';

export class KnexLegalRepository implements LegalRepository {
  constructor(private readonly db: Knex) {}

  async current(kind: LegalKind, at: Date) {
    return ((await this.db('legal_documents').where({ kind }).andWhere('published_at', '<=', at).orderBy('published_at', 'desc').first()) as LegalDocumentRecord | undefined) ?? null;
  }
  async list() {
    return (await this.db('legal_documents').orderBy('published_at', 'desc').orderBy('kind')) as LegalDocumentRecord[];
  }
  async findByVersion(kind: LegalKind, version: string) {
    return ((await this.db('legal_documents').where({ kind, version }).first()) as LegalDocumentRecord | undefined) ?? null;
  }
  async create(doc: Omit<LegalDocumentRecord, 'id' | 'created_at'>) {
    const [row] = (await this.db('legal_documents').insert(doc).returning('*')) as LegalDocumentRecord[];
    return row!;
  }
  async accept(a: Omit<LegalAcceptanceRecord, 'id'>) {
    const rows = (await this.db('legal_acceptances').insert(a).onConflict(['user_id', 'document_id']).ignore().returning('id')) as unknown[];
    return rows.length === 1;
  }
  async acceptances(userId: string) {
    return (await this.db('legal_acceptances').where({ user_id: userId }).orderBy('accepted_at', 'desc').orderBy('kind')) as LegalAcceptanceRecord[];
  }
}
