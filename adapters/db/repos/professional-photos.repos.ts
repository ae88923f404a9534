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
}
