// The terms and the privacy policy a person accepted: stored at sign-up and again whenever the back office publishes
// a newer version (docs/product/messaging.md#consent). The address is kept only as a keyed hash.
import type { Clock } from '../shared/clock';
import type { UnitOfWork, Tx } from '../ports/unit-of-work';
import type { SecretTokens } from '../ports/security';
import type { AuditScope } from '../audit/ports';
import { conflict, invalid } from '../shared/errors';
import { LEGAL_KINDS, type LegalDocumentRecord, type LegalScope } from './ports';
import type { LegalDocumentCreate, LegalDocumentView, LegalStatus } from './schemas';

type Scope = LegalScope & AuditScope;

export interface LegalActor {
  id: string;
  email: string;
  ip: string | null;
  requestId?: string | null;
}

export const toLegalView = (d: LegalDocumentRecord): LegalDocumentView => ({ id: d.id, kind: d.kind, version: d.version, published_at: d.published_at.toISOString(), summary: d.summary });

export class LegalService {
  constructor(
    private readonly uow: UnitOfWork<Scope>,
    private readonly clock: Clock,
    private readonly tokens: SecretTokens,
  ) {}

  /** The keyed hash kept in place of the address (the same address gives the same hash; the address can't be read back). */
  ipHash(ip: string | null): string | null {
    return ip ? this.tokens.digest(`legal-ip:${ip}`) : null;
  }

  /** The versions in force now (one per kind, when any is published). */
  async current(): Promise<LegalDocumentRecord[]> {
    const now = this.clock.now();
    const docs = await Promise.all(LEGAL_KINDS.map((k) => this.uow.repos.legal.current(k, now)));
    return docs.filter((d): d is LegalDocumentRecord => d !== null);
  }

  /** Inside the sign-up's transaction: the person accepted the versions in force (the form's "accept_terms"). */
  async recordSignup(tx: Tx<Scope>, user: { id: string }, ip: string | null): Promise<void> {
    const at = this.clock.now();
    // Read through the transaction: the root handle would wait for it (PGlite has one connection).
    const docs = await Promise.all(LEGAL_KINDS.map((k) => tx.legal.current(k, at)));
    for (const doc of docs) if (doc) await tx.legal.accept({ user_id: user.id, document_id: doc.id, kind: doc.kind, version: doc.version, accepted_at: at, ip_hash: this.ipHash(ip) });
  }

  async status(userId: string): Promise<LegalStatus> {
    const [current, accepted] = await Promise.all([this.current(), this.uow.repos.legal.acceptances(userId)]);
    return {
      pending: current.filter((d) => !accepted.some((a) => a.document_id === d.id)).map(toLegalView),
      accepted: accepted.map((a) => ({ kind: a.kind, version: a.version, accepted_at: a.accepted_at.toISOString() })),
    };
  }

  /** The person read and accepts these versions; only versions in force can be accepted. */
  async accept(actor: LegalActor, documentIds: string[]): Promise<LegalStatus> {
    const current = await this.current();
    const docs = documentIds.map((id) => current.find((d) => d.id === id));
    if (docs.some((d) => !d)) throw conflict('legal_version_outdated', 'Há uma versão mais nova deste documento. Recarregue a página para lê-la.');
    const at = this.clock.now();
    await this.uow.run(async (tx) => {
      for (const doc of docs as LegalDocumentRecord[]) {
        const stored = await tx.legal.accept({ user_id: actor.id, document_id: doc.id, kind: doc.kind, version: doc.version, accepted_at: at, ip_hash: this.ipHash(actor.ip) });
        if (stored)
          await tx.audit.append({ action: 'legal.accepted', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'user', entity_id: actor.id, request_id: actor.requestId ?? null, metadata: { kind: doc.kind, version: doc.version } });
      }
    });
    return this.status(actor.id);
  }

  async list(): Promise<LegalDocumentView[]> {
    return (await this.uow.repos.legal.list()).map(toLegalView);
  }

  /** The back office publishes a version: from `published_at` on, everyone who accepted an older one is asked again. */
  async publish(actor: { id: string; email: string }, input: LegalDocumentCreate): Promise<LegalDocumentView> {
    const publishedAt = input.published_at ? new Date(input.published_at) : this.clock.now();
    const existing = await this.uow.repos.legal.findByVersion(input.kind, input.version);
    if (existing) throw invalid('legal_version_taken', 'Esta versão já existe.', { version: 'Esta versão já existe.' });
    const current = await this.uow.repos.legal.current(input.kind, new Date('9999-12-31T00:00:00Z'));
    if (current && current.published_at.getTime() >= publishedAt.getTime())
      throw invalid('legal_published_before_current', 'A data de publicação deve ser depois da versão mais recente.', { published_at: 'Deve ser depois da versão mais recente.' });
    return this.uow.run(async (tx) => {
      const doc = await tx.legal.create({ kind: input.kind, version: input.version, published_at: publishedAt, summary: input.summary });
      await tx.audit.append({ action: 'admin.legal_document_published', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'legal_document', entity_id: doc.id, metadata: { kind: doc.kind, version: doc.version, published_at: publishedAt.toISOString() } });
      return toLegalView(doc);
    });
  }
}
