// The OpenAPI 3.1 description, generated from the route contracts (./contract.ts) with zod's own z.toJSONSchema.
import { z } from 'zod';
import { SESSION_COOKIE } from './context';
import { toOpenApiPath, type ContractRouter, type OperationRecord } from './contract';

/** The one error body of the API (docs/architecture.md): a shared component every error answer refers to. */
export const errorBodySchema = z
  .object({
    error: z
      .object({
        code: z.string().describe('Stable snake_case code (e.g. `email_taken`).'),
        message: z.string().describe('pt-BR text to show.'),
        fields: z.record(z.string(), z.string()).optional().describe('pt-BR message per invalid field (400).'),
        request_id: z.string().optional().describe('Only on a 500: the id to quote to support.'),
        retry_after_seconds: z.number().int().optional().describe('Only on a 429.'),
      })
      .loose(),
  })
  .meta({ id: 'Error' });

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input (`fields` says which) or a malformed request.',
  401: 'Not signed in, session expired, or bad credentials.',
  403: 'Signed in but not allowed.',
  404: 'Not found, or not yours.',
  405: 'Method not allowed for this path.',
  409: 'Conflict: duplicate, full, out of stock or wrong state.',
  413: 'Body too large.',
  429: 'Rate limited (see `Retry-After`).',
  503: 'A dependency is down.',
};

/** Human names of the tags, one per module. */
const TAG_TEXT: Record<string, string> = {
  system: 'Health and this description.',
  identity: 'Sign-up, sessions, recovery, the profile and LGPD self-service.',
  address: 'CEP lookup.',
  catalog: 'The plan catalogue.',
  groups: 'Group purchases: create, join, my groups, the wallet.',
  payments: 'Charges, their status, the provider webhook and the sandbox.',
  notifications: 'In-app notifications and their live count.',
  marketplace: 'Products, the cart and orders.',
  admin: 'Back office (ra-data-simple-rest: `sort`, `range`, `filter`; `Content-Range`).',
  dev: 'Development and sandbox helpers (absent in production).',
};

type JsonSchema = Record<string, unknown>;

/** Collects schemas with a `.meta({ id })` as components and points their uses there. */
class SchemaWriter {
  readonly components: Record<string, JsonSchema> = {};

  write(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
    delete json.$schema;
    const defs = json.$defs as Record<string, JsonSchema> | undefined;
    delete json.$defs;
    if (defs) for (const [name, def] of Object.entries(defs)) this.components[name] ??= this.rewrite(def) as JsonSchema;
    // A root with an id comes back as a reference to itself in $defs.
    return this.rewrite(json) as JsonSchema;
  }

  private rewrite(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.rewrite(v));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        // z.number().int() states the safe-integer range on every integer: noise for readers and generated types.
        if ((k === 'minimum' || k === 'maximum') && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
        out[k] = k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : this.rewrite(v);
      }
      return out;
    }
    return value;
  }
}

function parameters(writer: SchemaWriter, where: 'path' | 'query', schema: z.ZodType | undefined) {
  if (!schema) return [];
  const json = writer.write(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function operation(writer: SchemaWriter, op: OperationRecord) {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(op.answers)) {
    const type = answer.contentType ?? 'application/json';
    responses[status] = {
      description: answer.description,
      ...(answer.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(answer.headers).map(([name, h]) => [name, { description: h.description, schema: h.schema ? writer.write(h.schema, 'output') : { type: 'string' } }]),
            ),
          }
        : {}),
      ...(answer.schema || answer.contentType ? { content: { [type]: { schema: answer.schema ? writer.write(answer.schema, 'output') : { type: 'string' } } } } : {}),
    };
  }
  const errors = new Set(op.errors);
  if (op.params || op.query || op.body) errors.add(400);
  if (op.guard !== 'public') errors.add(401);
  if (typeof op.guard === 'object') errors.add(403);
  for (const status of [...errors].sort()) {
    responses[String(status)] ??= {
      description: ERROR_TEXT[status] ?? 'Error.',
      ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const params = [...parameters(writer, 'path', op.params), ...parameters(writer, 'query', op.query)];
  return {
    operationId: operationId(op),
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: op.tags,
    ...(op.guard === 'public' ? { security: [] } : { security: [{ cookieSession: [] }] }),
    ...(typeof op.guard === 'object' ? { 'x-roles': op.guard.roles } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(op.body ? { requestBody: { required: true, content: { [op.bodyContentType ?? 'application/json']: { schema: writer.write(op.body, 'input') } } } } : {}),
    responses,
  };
}

/** `get /api/groups/:id/join` → `getApiGroupsIdJoin`. */
function operationId(op: OperationRecord): string {
  const words = op.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return op.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, unknown>;
  tags: Array<{ name: string; description?: string }>;
  security: unknown[];
}

export function buildOpenApiDocument(routers: readonly ContractRouter[], options: { publicUrl: string; version?: string }): OpenApiDocument {
  const writer = new SchemaWriter();
  writer.write(errorBodySchema, 'output'); // registers the Error component
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const router of routers) {
    for (const op of router.operations) {
      const path = toOpenApiPath(op.path);
      paths[path] ??= {};
      paths[path][op.method] = operation(writer, op);
      op.tags.forEach((t) => tags.add(t));
    }
  }
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  const components = Object.fromEntries(Object.entries(writer.components).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.1',
    info: {
      title: 'Turma API',
      version: options.version ?? '0.1.0',
      description:
        'Compra em grupo, marketplace e profissionais perto de você. JSON in and out, money in integer centavos, dates in ISO 8601; ' +
        'errors are `{ error: { code, message, fields? } }` with pt-BR messages. Generated from the route contracts.',
    },
    servers: [{ url: options.publicUrl.replace(/\/$/, '') }],
    paths: sortedPaths,
    components: {
      schemas: components,
      securitySchemes: {
        cookieSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The httpOnly session cookie set by sign-in.' },
      },
    },
    tags: [...tags].sort().map((name) => ({ name, ...(TAG_TEXT[name] ? { description: TAG_TEXT[name] } : {}) })),
    security: [],
  };
}
