// The terms and the privacy policy (docs/product/messaging.md#consent): the versions a signed-in person still has to
// accept, accepting them, and the back office's list of versions and publishing a new one (audited).
import { z } from 'zod';
import { legalAcceptSchema, legalDocumentCreateSchema, legalDocumentViewSchema, legalStatusSchema, type LegalService } from '../../../core/legal';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';
import { contentRangeHeader } from '../simple-rest';

const admin = { roles: ['admin' as const] };

export function legalRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<LegalService>(TOKENS.LegalService);

  return new ContractRouter({ tag: 'legal' })
    .route({
      method: 'get',
      path: '/api/me/legal',
      summary: 'The terms and privacy versions in force the caller has not accepted yet, and the ones accepted',
      guard: 'user',
      answers: { 200: { description: '`pending` empty: nothing to ask.', schema: legalStatusSchema } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await service(ctx).status(ctx.state.user!.id));
      },
    })
    .route({
      method: 'post',
      path: '/api/me/legal/accept',
      summary: 'Accepts the versions listed as pending (stored with the time and a keyed hash of the address)',
      guard: 'user',
      body: legalAcceptSchema,
      errors: [409],
      answers: { 200: { description: 'The status after accepting.', schema: legalStatusSchema } },
      handler: async (ctx, { body }) =>
        reply(200, await service(ctx).accept({ id: ctx.state.user!.id, email: ctx.state.user!.email, ip: ctx.ip || null, requestId: ctx.state.requestId ?? null }, body.document_ids)),
    })
    .route({
      method: 'get',
      path: '/api/admin/legal-documents',
      summary: 'Every published version of the terms and the privacy policy, newest first (ra-data-simple-rest list)',
      guard: admin,
      answers: { 200: { description: 'The versions.', schema: z.array(legalDocumentViewSchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const items = await service(ctx).list();
        ctx.set('Content-Range', `legal-documents 0-${Math.max(items.length - 1, 0)}/${items.length}`);
        return reply(200, items);
      },
    })
    .route({
      method: 'post',
      path: '/api/admin/legal-documents',
      summary: 'Publishes a new version: from `published_at` (default now) everyone is asked to accept it',
      guard: admin,
      body: legalDocumentCreateSchema,
      errors: [400],
      answers: { 201: { description: 'The version.', schema: legalDocumentViewSchema } },
      handler: async (ctx, { body }) => reply(201, await service(ctx).publish({ id: ctx.state.user!.id, email: ctx.state.user!.email }, body)),
    });
}
