// The professional's portfolio photos over HTTP (docs/api.md): a multipart upload of one image (field `photo`) and its
// removal and reorder. multer keeps the file in memory up to the size limit; the core checks the content and re-encodes it.
import multer, { type MulterFile } from '@koa/multer';
import { z } from 'zod';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PORTFOLIO_MAX_PHOTOS, type ProfessionalPhotoService } from '../../../core/professionals';
import { invalid, tooLarge } from '../../../core/shared/errors';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

export const photoAnswerSchema = z.object({
  id: z.string(),
  url: z.string(),
  position: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

// One file, nothing else worth keeping: a few small fields at most (a client may send a name).
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } }).single('photo');

/** multer's refusals as the API's pt-BR errors (413 over the size limit, 400 otherwise). */
async function readPhoto(ctx: AppContext): Promise<{ bytes: Uint8Array } | null> {
  try {
    await upload(ctx as never, async () => undefined);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'LIMIT_FILE_SIZE') throw tooLarge('photo_too_large', PHOTO_MESSAGES.tooLarge);
    if (typeof code === 'string' && code.startsWith('LIMIT_')) throw invalid('invalid_upload', 'Envie uma foto por vez, no campo "photo".', { photo: 'Envie uma foto por vez.' });
    throw invalid('invalid_upload', 'Não foi possível ler o envio. Tente novamente.', { photo: 'Não foi possível ler o envio.' });
  }
  const file = (ctx as AppContext & { file?: MulterFile }).file;
  return file ? { bytes: new Uint8Array(file.buffer.buffer, file.buffer.byteOffset, file.buffer.byteLength) } : null;
}

export function professionalPhotoRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<ProfessionalPhotoService>(TOKENS.ProfessionalPhotoService);

  return new ContractRouter({ tag: 'professionals' })
    .route({
      method: 'post',
      path: '/api/me/professional/photos',
      summary: 'Add a portfolio photo (multipart, field `photo`, one per request)',
      description:
        'The caller\'s own application, any status. JPEG, PNG or WebP by content, at most 8 MB; stored re-encoded (upright, at most 1600 px, WebP, no metadata). At most 8 photos (409 `portfolio_full`).',
      guard: 'user',
      describedBody: z.object({ photo: z.file() }),
      bodyContentType: 'multipart/form-data',
      errors: [400, 404, 409, 413],
      answers: { 201: { description: 'The stored photo, last in the portfolio.', schema: photoAnswerSchema } },
      handler: async (ctx) => reply(201, await service(ctx).add(ctx.state.user!.id, await readPhoto(ctx))),
    })
    .route({
      method: 'put',
      path: '/api/me/professional/photos/order',
      summary: 'Reorder the portfolio',
      description:
        'The caller\'s photo ids in their new order (the first is the cover on the public profile), each of their photos once: 400 `invalid_photo_order` for a repeated id, 404 `photo_not_found` for an id that is not one of theirs, 409 `portfolio_changed` when some are left out.',
      guard: 'user',
      body: z.object({
        photo_ids: z
          .array(z.string({ error: 'Informe as fotos' }), { error: 'Informe as fotos na nova ordem' })
          .min(1, { error: 'Informe as fotos na nova ordem' })
          .max(PORTFOLIO_MAX_PHOTOS, { error: `No máximo ${PORTFOLIO_MAX_PHOTOS} fotos` }),
      }),
      errors: [400, 404, 409],
      answers: { 200: { description: 'The portfolio in its new order.', schema: z.object({ items: z.array(photoAnswerSchema) }) } },
      handler: async (ctx, { body }) => reply(200, { items: await service(ctx).reorder(ctx.state.user!.id, body.photo_ids) }),
    })
    .route({
      method: 'delete',
      path: '/api/me/professional/photos/:id',
      summary: 'Remove a portfolio photo',
      description: 'Only a photo of the caller\'s own portfolio (404 otherwise); an approved profile keeps at least 3 (409 `portfolio_minimum`).',
      guard: 'user',
      params: z.object({ id: z.string() }),
      errors: [404, 409],
      answers: { 204: { description: 'Removed.' } },
      handler: async (ctx, { params }) => {
        await service(ctx).remove(ctx.state.user!.id, params.id);
        return reply(204, undefined);
      },
    });
}
