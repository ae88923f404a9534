// The professional's portfolio photos (docs/product/professionals.md#portfolio-photos): checked by content, re-encoded
// without metadata through the ImageProcessor port, kept through FileStorage; at most 8, never below 3 once approved
// (the application needs 3 before approval, ProfessionalService).
import { conflict, invalid, notFound, tooLarge } from '../shared/errors';
import { isId } from '../shared/ids';
import type { FileStorage } from '../ports/storage';
import type { ImageProcessor } from '../ports/image';
import type { ProfessionalPhotoRecord } from './ports';
import { PHOTO_MAX_BYTES, PORTFOLIO_MAX_PHOTOS, PORTFOLIO_MIN_PHOTOS, portfolioOrderRefusal } from './professional-rules';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { ProfessionalsScope } from './ports';

/** Photos read and write professionals tables only. */
type PhotoScope = ProfessionalsScope;

/** Longest side of a stored photo, in pixels. */
export const PHOTO_MAX_SIDE = 1600;

export const PHOTO_MESSAGES = {
  required: 'Escolha uma foto para enviar.',
  type: 'Formato não aceito: envie uma foto JPEG, PNG ou WebP.',
  tooLarge: `A foto passa de ${PHOTO_MAX_BYTES / (1024 * 1024)} MB. Envie uma imagem menor.`,
  full: `Seu portfólio já tem ${PORTFOLIO_MAX_PHOTOS} fotos, o máximo. Remova uma para enviar outra.`,
  minimum: `Seu perfil aprovado precisa de pelo menos ${PORTFOLIO_MIN_PHOTOS} fotos. Envie outra antes de remover esta.`,
  notFound: 'Foto não encontrada.',
  orderDuplicate: 'A nova ordem repete uma foto. Envie cada foto do portfólio uma vez.',
  orderIncomplete: 'Seu portfólio mudou enquanto você reordenava. Recarregue a página e tente de novo.',
  noApplication: 'Você ainda não tem cadastro de profissional.',
} as const;

export interface PhotoAnswer {
  id: string;
  url: string;
  position: number;
  width: number | null;
  height: number | null;
}

const photoView = (p: ProfessionalPhotoRecord, storage: FileStorage): PhotoAnswer => ({
  id: p.id,
  url: storage.urlFor(p.storage_key),
  position: p.position,
  width: p.width,
  height: p.height,
});

export class ProfessionalPhotoService {
  constructor(
    private readonly uow: UnitOfWork<PhotoScope>,
    private readonly storage: FileStorage,
    private readonly images: ImageProcessor,
    private readonly newId: () => string = () => globalThis.crypto.randomUUID(),
  ) {}

  /** POST /api/me/professional/photos: the caller's own application, whatever its status. */
  async add(userId: string, file: { bytes: Uint8Array } | null): Promise<PhotoAnswer> {
    const p = await this.uow.repos.professionals.professionals.findByUserId(userId);
    if (!p) throw notFound('professional_not_found', PHOTO_MESSAGES.noApplication);
    if (!file || file.bytes.byteLength === 0) throw invalid('photo_required', PHOTO_MESSAGES.required, { photo: PHOTO_MESSAGES.required });
    if (file.bytes.byteLength > PHOTO_MAX_BYTES) throw tooLarge('photo_too_large', PHOTO_MESSAGES.tooLarge);
    // Cheap refusal before decoding; the count is checked again under the lock below.
    if ((await this.uow.repos.professionals.photos.list(p.id)).length >= PORTFOLIO_MAX_PHOTOS) throw conflict('portfolio_full', PHOTO_MESSAGES.full);

    const image = await this.images.normalize(file.bytes, { accept: ['jpeg', 'png', 'webp'], maxSide: PHOTO_MAX_SIDE });
    if (!image) throw invalid('invalid_photo_type', PHOTO_MESSAGES.type, { photo: PHOTO_MESSAGES.type });
    const key = `professionals/${p.id}/${this.newId()}.${image.extension}`;
    await this.storage.put(key, image.body, image.contentType);
    try {
      const created = await this.uow.run(async (tx) => {
        // The professional's row lock serialises concurrent uploads: the 9th never slips in.
        await tx.professionals.professionals.lock(p.id);
        const photos = await tx.professionals.photos.list(p.id);
        if (photos.length >= PORTFOLIO_MAX_PHOTOS) throw conflict('portfolio_full', PHOTO_MESSAGES.full);
        const position = photos.reduce((max, ph) => Math.max(max, ph.position), -1) + 1;
        return tx.professionals.photos.add({ professional_id: p.id, storage_key: key, position, width: image.width, height: image.height });
      });
      return photoView(created, this.storage);
    } catch (err) {
      await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  /**
   * PUT /api/me/professional/photos/order: the caller's portfolio in the order of `photoIds`, each of their photos once
   * (another's or a removed photo is a 404, as for a removal). The answer is the portfolio in its new order.
   */
  async reorder(userId: string, photoIds: readonly string[]): Promise<PhotoAnswer[]> {
    const photos = await this.uow.run(async (tx) => {
      const p = await tx.professionals.professionals.findByUserId(userId);
      if (!p) throw notFound('professional_not_found', PHOTO_MESSAGES.noApplication);
      // The same lock as uploads and removals: the list checked is the list reordered.
      await tx.professionals.professionals.lock(p.id);
      const current = await tx.professionals.photos.list(p.id);
      const refusal = portfolioOrderRefusal(
        current.map((ph) => ph.id),
        photoIds,
      );
      if (refusal === 'duplicate') throw invalid('invalid_photo_order', PHOTO_MESSAGES.orderDuplicate, { photo_ids: PHOTO_MESSAGES.orderDuplicate });
      if (refusal === 'foreign') throw notFound('photo_not_found', PHOTO_MESSAGES.notFound);
      if (refusal === 'incomplete') throw conflict('portfolio_changed', PHOTO_MESSAGES.orderIncomplete);
      await tx.professionals.photos.reorder(p.id, photoIds);
      return tx.professionals.photos.list(p.id);
    });
    return photos.map((ph) => photoView(ph, this.storage));
  }

  /** DELETE /api/me/professional/photos/:id: only a photo of the caller's own portfolio (any other is a 404). */
  async remove(userId: string, photoId: string): Promise<void> {
    const key = await this.uow.run(async (tx) => {
      const p = await tx.professionals.professionals.findByUserId(userId);
      if (!p) throw notFound('professional_not_found', PHOTO_MESSAGES.noApplication);
      await tx.professionals.professionals.lock(p.id);
      const photo = isId(photoId) ? await tx.professionals.photos.find(photoId) : null;
      if (!photo || photo.professional_id !== p.id) throw notFound('photo_not_found', PHOTO_MESSAGES.notFound);
      if (p.status === 'approved' && (await tx.professionals.photos.list(p.id)).length <= PORTFOLIO_MIN_PHOTOS) {
        throw conflict('portfolio_minimum', PHOTO_MESSAGES.minimum);
      }
      await tx.professionals.photos.remove(photo.id);
      return photo.storage_key;
    });
    // After the commit: a failed delete leaves an orphan file, never a row without its file.
    await this.storage.delete(key).catch(() => undefined);
  }
}
