// Knex repository of the professionals' portfolio photos (onboarding).
import type { Knex } from 'knex';
import type { ProfessionalPhotoRecord, ProfessionalPhotoRepository } from '../../../core/professionals/ports';

const COLUMNS = ['id', 'professional_id', 'storage_key', 'position', 'width', 'height', 'created_at'] as const;

export class KnexProfessionalPhotoRepository implements ProfessionalPhotoRepository {
  constructor(private readonly db: Knex) {}

  async list(professionalId: string) {
    return (await this.db('professional_photos').where({ professional_id: professionalId }).orderBy([{ column: 'position' }, { column: 'created_at' }]).select(COLUMNS)) as ProfessionalPhotoRecord[];
  }
  async find(id: string) {
    return ((await this.db('professional_photos').where({ id }).first(COLUMNS)) as ProfessionalPhotoRecord | undefined) ?? null;
  }
  async add(photo: Pick<ProfessionalPhotoRecord, 'professional_id' | 'storage_key' | 'position' | 'width' | 'height'>) {
    const [row] = (await this.db('professional_photos').insert(photo).returning(COLUMNS)) as ProfessionalPhotoRecord[];
    return row!;
  }
  async remove(id: string) {
    await this.db('professional_photos').where({ id }).delete();
  }
  async reorder(professionalId: string, ids: readonly string[]) {
    // One statement: (id, position) pairs joined in, so the portfolio never shows a half-applied order.
    if (ids.length === 0) return;
    const pairs = ids.map(() => '(?::uuid, ?::int)').join(', ');
    await this.db.raw(
      `update professional_photos as p set position = v.position, updated_at = now()
       from (values ${pairs}) as v(id, position)
       where p.id = v.id and p.professional_id = ?`,
      [...ids.flatMap((id, position) => [id, position]), professionalId],
    );
  }
}
