// GET /api/openapi.json (the description generated from the route contracts) and GET /api/docs (its reference page,
// swagger-ui served from our own node_modules: no CDN, and the page's init script is a file, as the CSP wants).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { notFound } from '../../../core/shared/errors';
import type { Config } from '../../config';
import { ContractRouter, reply } from '../contract';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi';

const SWAGGER_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist'));

/** The docs page's assets: swagger-ui's two files and our init script. */
const ASSETS: Record<string, { type: string; file?: string; text?: string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'application/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'docs-init.js': {
    type: 'application/javascript; charset=utf-8',
    text: "window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, withCredentials: true });\n",
  },
};

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Turma API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs-init.js"></script>
</body>
</html>
`;

/** `routers` is read at the first request: the description includes every router of the app, this one too. */
export function openApiRoutes(config: Config, routers: () => readonly ContractRouter[]) {
  let document: OpenApiDocument | undefined;
  const assetCache = new Map<string, Buffer | string>();

  return new ContractRouter({ tag: 'system' })
    .route({
      method: 'get',
      path: '/api/openapi.json',
      summary: 'This description (OpenAPI 3.1), generated from the route contracts',
      guard: 'public',
      answers: { 200: { description: 'The OpenAPI document.', schema: z.record(z.string(), z.unknown()), raw: true } },
      handler: async (ctx) => {
        document ??= buildOpenApiDocument(routers(), { publicUrl: config.publicUrl });
        ctx.set('Cache-Control', 'no-cache');
        return reply(200, document);
      },
    })
    .route({
      method: 'get',
      path: '/api/docs',
      summary: 'The browsable reference of this API (swagger-ui)',
      guard: 'public',
      answers: { 200: { description: 'An HTML page.', contentType: 'text/html', raw: true } },
      handler: async (ctx) => {
        ctx.type = 'text/html; charset=utf-8';
        ctx.set('Cache-Control', 'no-cache');
        return reply(200, DOCS_PAGE);
      },
    })
    .route({
      method: 'get',
      path: '/api/docs/:asset',
      summary: 'The reference page\'s scripts and styles',
      guard: 'public',
      params: z.object({ asset: z.string().describe(Object.keys(ASSETS).join(', ')) }),
      errors: [404],
      answers: { 200: { description: 'A script or a style sheet.', contentType: 'application/javascript', raw: true } },
      handler: async (ctx, { params }) => {
        const asset = Object.hasOwn(ASSETS, params.asset) ? ASSETS[params.asset] : undefined;
        if (!asset) throw notFound('not_found', 'Endereço da API não encontrado.');
        let body = assetCache.get(params.asset);
        if (body === undefined) {
          body = asset.file ? await readFile(join(SWAGGER_DIR, asset.file)) : asset.text!;
          assetCache.set(params.asset, body);
        }
        ctx.type = asset.type;
        ctx.set('Cache-Control', 'public, max-age=3600');
        return reply(200, body);
      },
    });
}
