// "Bad input answers 4xx, never 500", for every operation the OpenAPI description lists: a fixed, seeded set of hostile
// requests (NUL and lone surrogates, wrong types, nested junk, lying Content-Encoding, oversize bodies), as a user, a
// professional and an admin; every refusal is the API's pt-BR error shape. Session-ending routes run last.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPaymentGateway } from '../../adapters/payments/sandbox.gateway';
import { TOKENS } from '../../adapters/tokens';
import { generateCpf } from '../../core/identity/cpf';
import type { SecretTokens } from '../../core/ports/security';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, insertProfessional } from '../support/factories';

type Json = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  guard: 'public' | 'user' | 'admin';
  pathParams: string[];
  queryParams: Array<{ name: string; schema: Json }>;
  body: Json | null;
  contentType: string | null;
  /** Media types the description gives each answer status (a few routes answer a browser with HTML or text). */
  answers: Record<string, string[]>;
}

/** A tiny seeded LCG (Numerical Recipes constants): the same seed, the same requests. */
function lcg(seed: number) {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    uuid() {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = '89ab'[Math.floor(next() * 4)]!;
      const h = hex.join('');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
    ip: () => `10.${1 + Math.floor(next() * 254)}.${Math.floor(next() * 256)}.${1 + Math.floor(next() * 254)}`,
  };
}
const SEED = 20261124; // fixed: the same requests on every run
const rng = lcg(SEED);

// zod's English defaults (and its pt-BR ones must not leak as English either).
const ENGLISH = /Invalid (input|option|string|number|type|element|key|union|date|format)|Too (small|big)|expected|Required|Unrecognized key/i;
const NUL = '%00';
const SURROGATE = '%ED%A0%80'; // an encoded lone surrogate is not UTF-8
const BROKEN = '%E0%A4%A'; // a broken percent-sequence
const HUGE = '99999999999999999999999';

// ---------------------------------------------------------------------------------------------------------------------
// Values from the description's JSON Schemas.

let components: Record<string, Json> = {};
const resolve = (schema: Json | undefined): Json => {
  let s = schema ?? {};
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) s = components[s.$ref.replace('#/components/schemas/', '')] ?? {};
  return s;
};
const typeOf = (schema: Json): string => {
  const s = resolve(schema);
  if (s.anyOf || s.oneOf) return typeOf(((s.anyOf ?? s.oneOf) as Json[]).find((x) => resolve(x).type !== 'null') ?? {});
  if (Array.isArray(s.type)) return s.type.find((t: string) => t !== 'null') ?? 'string';
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.enum) return typeof s.enum[0];
  if (s.const !== undefined) return typeof s.const;
  return 'unknown';
};

// Fields whose rules a schema cannot say in JSON Schema (a CPF's check digits, a CEP, a phone): values they accept.
const BY_NAME: Record<string, () => unknown> = {
  cpf: () => generateCpf(rng.next),
  tax_id: () => generateCpf(rng.next),
  cep: () => '01310100',
  phone: () => '11987654321',
  birth_date: () => '1990-05-10',
  address_state: () => 'SP',
  uf: () => 'SP',
  state: () => 'SP',
  full_name: () => 'Ana Lima',
  slug: () => `fuzz-${rng.int(1e9)}`,
  code: () => `FUZZ${rng.int(1e6)}`,
  referral_code: () => `FUZZ${rng.int(1e6)}`,
  latitude: () => -23.56,
  longitude: () => -46.65,
  rating: () => 5,
  quantity: () => 1,
  tracking_code: () => 'AA123456789BR',
  email: () => `fuzz.${rng.int(1e9)}@exemplo.com.br`,
};

/** A value the schema would plausibly accept (so a mutation of one part reaches past the rest). */
function plausible(schema: Json | undefined, depth = 0, name = ''): unknown {
  const s = resolve(schema);
  if (s.anyOf || s.oneOf) return plausible(((s.anyOf ?? s.oneOf) as Json[]).find((x) => resolve(x).type !== 'null'), depth, name);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const known = BY_NAME[name];
  if (known && ['string', 'integer', 'number'].includes(typeOf(s))) return known();
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'uuid') return rng.uuid();
      if (s.format === 'email') return BY_NAME.email!();
      if (s.format === 'date-time') return '2026-11-24T12:00:00.000Z';
      if (s.format === 'date') return '2026-11-24';
      return 'Texto de teste 123'.padEnd(Math.min(Number(s.minLength ?? 0), 200), 'x');
    case 'integer':
      return Math.max(1, Number(s.minimum ?? 1));
    case 'number':
      return Math.max(1, Number(s.minimum ?? 1));
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 ? [] : [plausible(s.items, depth + 1)];
    case 'object': {
      if (depth > 4) return {};
      const out: Json = {};
      for (const [key, prop] of Object.entries((s.properties ?? {}) as Record<string, Json>)) out[key] = plausible(prop, depth + 1, key);
      return out;
    }
    default:
      return 'x';
  }
}

/** Values at the edges a database or a date library trips on: impossible dates, nil uuids, 32-bit overflows, "". */
function edgy(schema: Json | undefined, depth = 0): unknown {
  const s = resolve(schema);
  if (s.anyOf || s.oneOf) return edgy(((s.anyOf ?? s.oneOf) as Json[]).find((x) => resolve(x).type !== 'null'), depth);
  if (s.const !== undefined || Array.isArray(s.enum)) return rng.pick(['', 'ÇÃO', 'x'.repeat(300), ' ']);
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'uuid') return rng.pick(['00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF', '{00000000-0000-4000-8000-000000000000}']);
      if (s.format === 'email') return rng.pick(['a@b', `${'x'.repeat(300)}@turma.test`, '"a b"@turma.test', 'ção@exemplo.com.br']);
      if (s.format === 'date-time') return rng.pick(['2026-02-30T25:61:00Z', '-271821-04-20T00:00:00Z', '+275760-09-14T00:00:00Z', '2026-11-24T12:00:00+99:99']);
      if (s.format === 'date') return rng.pick(['2026-02-30', '0000-01-01', '+275760-09-13', '2026-1-1', '99999-12-31']);
      return rng.pick(['', ' ', '\t\n', '-1', '1e30', '0000-00-00', "'; drop table users; --", '𝕋𝕦𝕣𝕞𝕒 🎉', 'null']);
    case 'integer':
      return rng.pick([-(2 ** 31) - 1, 2 ** 31, 0, -1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]);
    case 'number':
      return rng.pick([-0, 5e-324, -1e308, 1e308, 91, -181]);
    case 'boolean':
      return rng.pick([0, 'false', 'true']);
    case 'array':
      return depth > 4 ? [] : rng.pick([[], Array.from({ length: 500 }, () => edgy(s.items, depth + 1))]);
    case 'object': {
      if (depth > 4) return {};
      const out: Json = {};
      for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, Json>)) out[name] = edgy(prop, depth + 1);
      return out;
    }
    default:
      return '';
  }
}

/** Walks a plausible value and replaces its leaves. */
function mapLeaves(value: unknown, leaf: (v: unknown, path: string) => unknown, path = ''): unknown {
  if (Array.isArray(value)) return value.map((v, i) => mapLeaves(v, leaf, `${path}.${i}`));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, leaf, `${path}.${k}`)]));
  return leaf(value, path);
}

const WRONG: Record<string, unknown[]> = {
  string: [12345, true, ['a'], { a: 1 }, null],
  number: ['doze', '1e30', true, [1], { n: 1 }, null],
  boolean: ['sim', 1, [true], null],
  object: ['x', 1, [1, 2], null],
  undefined: ['x', 1, null],
};
const wrongFor = (v: unknown) => {
  const kind = Array.isArray(v) ? 'object' : v === null ? 'undefined' : typeof v === 'bigint' ? 'number' : typeof v;
  return rng.pick(WRONG[kind] ?? WRONG.undefined!);
};

/** A JSON text nested 60 levels deep in every field (1e999 parses as Infinity, -0 as negative zero). */
function nestedJunk(top: Json): string {
  let inner = '{"a":[null,{"b":"x"},true,"",{}]}';
  for (let i = 0; i < 60; i++) inner = i % 2 ? `{"n":${inner}}` : `[${inner},1e999,-0]`;
  const fields = Object.keys(top).map((k) => `${JSON.stringify(k)}:${inner}`);
  return `{${[...fields, `"junk":${inner}`].join(',')}}`;
}
/** Prototype-pollution keys next to the plausible fields. */
const prototypeKeys = (top: Json) => `{"__proto__":{"role":"admin","admin":true},"constructor":{"prototype":{"role":"admin"}},${JSON.stringify(top).slice(1)}`;

// Nested deeper than a recursive walk's stack (about 100 kB, within the body limit once the parser accepts it).
const DEEP = (depth: number) => `{"x":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
const OVERSIZE = `{"x":"${'a'.repeat(300_000)}"}`;
const GZIP_BOMB = gzipSync(`{"x":"${'0'.repeat(5_000_000)}"}`);

// ---------------------------------------------------------------------------------------------------------------------
// The requests.

interface Payload {
  name: string;
  path: string; // with path parameters substituted (already percent-encoded)
  query?: string; // raw, already encoded
  body?: string | Buffer;
  headers?: Record<string, string>;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function withPath(op: Operation, value: string | (() => string)) {
  return op.path.replace(/\{([^}]+)\}/g, () => (typeof value === 'function' ? value() : value));
}

function queryWith(op: Operation, value: (name: string, schema: Json) => string, extra = '') {
  const pairs = op.queryParams.map((q) => `${q.name}=${value(q.name, q.schema)}`);
  if (extra) pairs.push(extra);
  return pairs.join('&');
}

const WRONG_QUERY = ['abc', HUGE, '-1', '1.5', 'NaN', 'Infinity', '1e30', '9223372036854775808', '', 'true', '[]', '{}'];
const JSON_QUERY: Record<string, string[]> = {
  filter: ['{"id":{"$ne":null}}', '[', '{"q":"\\u0000x"}', '{"id":"nao-e-uuid","created_at_gte":"ontem","status":["a",1]}', '"texto"', '{"__proto__":{"a":1}}', `{"total_amount_gte":${HUGE}}`],
  sort: ['["id","DROP TABLE"]', '[1,2,3]', '{"a":1}', '["__proto__","ASC"]', '["nao_existe","DESC"]'],
  range: ['[0,1e30]', `[-5,${HUGE}]`, '["a","b"]', '[9,1]', '{}', '[0]'],
};

/** The fixed set of hostile requests for one operation. */
function payloads(op: Operation): Payload[] {
  const uuid = () => rng.uuid();
  const enc = encodeURIComponent;
  const json = (v: unknown) => JSON.stringify(v);
  const list: Payload[] = [
    { name: 'NUL in path and query', path: withPath(op, NUL), query: queryWith(op, () => `a${NUL}b`, `x=${NUL}`) },
    { name: 'lone surrogate in path and query', path: withPath(op, SURROGATE), query: queryWith(op, () => SURROGATE, `${SURROGATE}=1`) },
    {
      name: 'wrong types and huge numbers in path and query',
      path: withPath(op, () => rng.pick([HUGE, '-1', 'abc', '1.5', 'true', '..%2F..%2Fetc%2Fpasswd', 'null'])),
      query: queryWith(op, (name) => enc(JSON_QUERY[name] ? rng.pick(JSON_QUERY[name]!) : rng.pick(WRONG_QUERY))),
    },
    {
      name: 'broken percent-encoding, repeated and bracketed parameters',
      path: withPath(op, uuid),
      query: queryWith(op, (name) => `1&${name}=2&${name}[]=3&${name}[a]=${BROKEN}`),
    },
  ];
  list.push({
    name: 'a forged session cookie',
    path: withPath(op, uuid),
    query: queryWith(op, () => '1'),
    headers: { cookie: `turma_session=${rng.pick(['%00', SURROGATE, 'x'.repeat(3_000), '"a;b"', '', 'a=b=c'])}; turma_session=outro` },
  });
  if (!BODY_METHODS.has(op.method)) {
    list.push(
      { name: 'random uuid in path, JSON junk in query', path: withPath(op, uuid), query: queryWith(op, (name) => enc(JSON_QUERY[name] ? rng.pick(JSON_QUERY[name]!) : `{"${name}":[1e30,null,{}]}`)) },
      { name: 'JSON-escaped NUL and surrogate in query', path: withPath(op, uuid), query: queryWith(op, (name) => enc(JSON_QUERY[name] ? '{"q":"\\ud800","id":"\\u0000"}' : '\\u0000\\ud800'), `q=${enc('\\u0000')}`) },
      { name: 'huge numbers in query', path: withPath(op, () => rng.pick(['0', '1e30', '18446744073709551616'])), query: queryWith(op, () => rng.pick([HUGE, '1e308', '-9223372036854775809', '2e400'])) },
      { name: 'a long query string', path: withPath(op, uuid), query: queryWith(op, () => 'x'.repeat(2_000), `pad=${'y'.repeat(4_000)}`) },
    );
    return list;
  }
  const base = (op.body ? plausible(op.body) : {}) as Json;
  const baseObject = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
  const hugeBody = mapLeaves(baseObject, (v) => (typeof v === 'number' ? rng.pick([2 ** 63, 1e30, -(2 ** 63), 1e308]) : v));
  // Safe integers for JavaScript (and zod's .int()), too big for a PostgreSQL integer column.
  const int32Body = mapLeaves(baseObject, (v) => (typeof v === 'number' ? rng.pick([2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER]) : v));
  const wrongBody = mapLeaves(baseObject, (v) => wrongFor(v));
  const nulBody = mapLeaves(baseObject, (v, p) => (typeof v === 'string' ? (p.length % 2 ? `a\u0000b` : `c\ud800d`) : v));
  const rawHuge = json(baseObject).replace(/:(\d+)([,}])/g, `:${HUGE}$2`);
  const strings = JSON.stringify(baseObject).match(/":"/g)?.length ?? 1;
  const longBody = mapLeaves(baseObject, (v) => (typeof v === 'string' ? 'ç'.repeat(Math.floor(40_000 / strings)) : v));
  list.push(
    { name: 'plausible body with huge integers', path: withPath(op, uuid), body: json(hugeBody) },
    { name: 'plausible body with 32-bit overflows', path: withPath(op, uuid), body: json(int32Body) },
    { name: 'huge integer literals beyond double precision', path: withPath(op, uuid), body: rawHuge === json(baseObject) ? `{"n":${HUGE},"m":1e400}` : rawHuge },
    { name: 'wrong types in every field', path: withPath(op, uuid), body: json(wrongBody) },
    { name: 'edge values in every field', path: withPath(op, uuid), body: json(op.body ? edgy(op.body) : { x: '' }) },
    { name: 'long strings in every field', path: withPath(op, uuid), body: Object.keys(baseObject).length ? json(longBody) : `{"x":"${'ç'.repeat(40_000)}"}` },
    { name: 'NUL and lone surrogates in every string', path: withPath(op, uuid), body: Object.keys(baseObject).length ? json(nulBody) : '{"x":"a\\u0000","\\ud800":1}' },
    { name: 'nested junk', path: withPath(op, uuid), body: nestedJunk(baseObject) },
    { name: 'nested deeper than a stack', path: withPath(op, uuid), body: rng.next() < 0.5 ? DEEP(49_000) : DEEP(12_000).replace(/\[/g, '[{"a":').replace(/\]/g, '}]') },
    { name: 'prototype keys', path: withPath(op, uuid), body: prototypeKeys(baseObject) },
    { name: 'not an object', path: withPath(op, uuid), body: rng.pick(['[]', 'null', '"texto"', '0', '{', '{"a":', 'tru', '[1,2,{"a":[]}]', '\uFEFF{}', '{"a":1,"a":2}']) },
    {
      name: 'Content-Encoding that is not the body',
      path: withPath(op, uuid),
      body: rng.next() < 0.5 ? json(baseObject) : gzipSync(json(baseObject)).subarray(0, 12),
      headers: { 'content-encoding': rng.pick(['gzip', 'deflate', 'br', 'gzip, gzip', 'x-nada']) },
    },
    {
      name: 'a charset that is not UTF-8',
      path: withPath(op, uuid),
      body: Buffer.from(json(baseObject).replace(/"$/, 'ção"'), 'latin1'),
      headers: { 'content-type': `application/json; charset=${rng.pick(['latin1', 'utf-16', 'x-nada', 'utf-8; charset=utf-7'])}` },
    },
    { name: 'oversize body', path: withPath(op, uuid), body: OVERSIZE },
    { name: 'oversize once inflated (gzip bomb)', path: withPath(op, uuid), body: GZIP_BOMB, headers: { 'content-encoding': 'gzip' } },
  );
  if (op.contentType === 'multipart/form-data') {
    const boundary = 'fuzz0boundary';
    list.push(
      { name: 'multipart without a boundary', path: withPath(op, uuid), body: 'x', headers: { 'content-type': 'multipart/form-data' } },
      {
        name: 'truncated multipart',
        path: withPath(op, uuid),
        body: `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      {
        name: 'multipart with junk parts',
        path: withPath(op, uuid),
        body: [`name="a\u0000b"`, `name="file"; filename="../../etc/passwd\ud800"`, `name="image"; filename="x.csv"`, `name="file"; filename="${'n'.repeat(5000)}.csv"`]
          .map((d) => `--${boundary}\r\nContent-Disposition: form-data; ${d}\r\n\r\n\u0000\r\n`)
          .join('') + `--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
    );
  }
  return list;
}

// ---------------------------------------------------------------------------------------------------------------------

let app: TestApp;
let ops: Operation[] = [];
const cookies: Record<'public' | 'user' | 'professional' | 'admin', string> = { public: '', user: '', professional: '', admin: '' };
let webhookToken = '';

/** A session cookie for an existing user (as the factories make them). */
async function sessionFor(userId: string) {
  const tokens = app.container.get<SecretTokens>(TOKENS.SecretTokens);
  const token = tokens.generate();
  await app.db.knex('sessions').insert({ user_id: userId, token_hash: tokens.digest(token), expires_at: new Date(Date.now() + 86_400_000), last_seen_at: new Date() });
  return `turma_session=${token}`;
}

// The professional's own routes are fuzzed as an approved professional (otherwise they stop at "not a professional").
const PROFESSIONAL_ROUTES = /^\/api\/(me\/professional|vouchers|reviews\/\{id\}\/reply|me\/receivables|me\/payouts)/;
// Routes that end the session or the account: last.
const LAST = ['POST /api/me/password', 'DELETE /api/me', 'POST /api/auth/logout'];

beforeAll(async () => {
  app = await createTestApp();
  const user = await createUser(app);
  const admin = await createUser(app, { role: 'admin' });
  cookies.user = user.client.cookieHeader();
  cookies.admin = admin.client.cookieHeader();
  const plan = await createPlan(app);
  const { slug } = await app.db.knex('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug');
  const professionalId = await insertProfessional(app, slug, { latitude: -23.56, longitude: -46.65 });
  const { user_id } = await app.db.knex('professionals').where({ id: professionalId }).first('user_id');
  cookies.professional = await sessionFor(user_id);
  webhookToken = app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway).webhookToken;

  const res = await app.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  components = res.body.components.schemas;
  for (const [path, methods] of Object.entries(res.body.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []) as Json[];
      const content = op.requestBody?.content as Record<string, Json> | undefined;
      const contentType = content ? Object.keys(content)[0]! : null;
      ops.push({
        method: method.toUpperCase(),
        path,
        guard: op.security?.length ? (op['x-roles']?.includes('admin') ? 'admin' : 'user') : 'public',
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: contentType ? (content![contentType]!.schema as Json) : null,
        contentType,
        answers: Object.fromEntries(Object.entries((op.responses ?? {}) as Record<string, Json>).map(([status, r]) => [status, Object.keys(r.content ?? {})])),
      });
    }
  }
  const last = (o: Operation) => LAST.indexOf(`${o.method} ${o.path}`);
  ops = [...ops.filter((o) => last(o) < 0), ...ops.filter((o) => last(o) >= 0).sort((a, b) => last(a) - last(b))];
});
afterAll(async () => {
  await app?.close();
});

interface Outcome {
  op: Operation;
  payload: Payload;
  status: number;
  body: unknown;
  problem: string | null;
}

async function send(op: Operation, payload: Payload): Promise<Outcome> {
  const who = op.guard === 'public' ? 'public' : op.guard === 'admin' ? 'admin' : PROFESSIONAL_ROUTES.test(op.path) ? 'professional' : 'user';
  const url = `${app.url}${payload.path}${payload.query ? `?${payload.query}` : ''}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 15_000);
  const outcome = (status: number, body: unknown, problem: string | null): Outcome => ({ op, payload, status, body, problem });
  try {
    const res = await fetch(url, {
      method: op.method,
      headers: {
        'x-forwarded-for': rng.ip(),
        ...(cookies[who] ? { cookie: cookies[who] } : {}),
        ...(payload.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(op.path.startsWith('/api/webhooks/') ? { 'asaas-access-token': webhookToken } : {}),
        ...payload.headers,
      },
      ...(payload.body !== undefined ? { body: typeof payload.body === 'string' ? payload.body : new Uint8Array(payload.body) } : {}),
      redirect: 'manual',
      signal: controller.signal,
    });
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('text/event-stream')) {
      controller.abort(); // a live stream (GET /api/notifications/stream) that accepted the request: nothing to refuse
      return outcome(res.status, null, res.status >= 500 ? `${res.status}` : null);
    }
    const text = await res.text();
    let body: unknown = text.slice(0, 300);
    if (type.includes('json') && text) {
      try {
        body = JSON.parse(text);
      } catch {
        return outcome(res.status, text.slice(0, 300), 'a JSON content type with a body that is not JSON');
      }
    }
    if (res.status >= 500) return outcome(res.status, body, `${res.status}`);
    if (res.status < 400) return outcome(res.status, body, null);
    // An answer the description declares in another media type (the sandbox boleto's HTML 404, the dev mailbox's text).
    const declared = op.answers[String(res.status)] ?? [];
    if (!type.includes('json') && declared.some((t) => t !== 'application/json' && type.startsWith(t))) return outcome(res.status, body, null);
    const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
    if (!error || typeof error.code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(error.code) || typeof error.message !== 'string' || !error.message) {
      return outcome(res.status, body, 'not the error shape { error: { code, message } }');
    }
    if (error.fields !== undefined && (typeof error.fields !== 'object' || error.fields === null || Object.values(error.fields).some((m) => typeof m !== 'string'))) {
      return outcome(res.status, body, 'fields is not { field: message }');
    }
    const messages = [error.message, ...Object.values((error.fields ?? {}) as Record<string, string>)];
    const english = messages.find((m) => ENGLISH.test(m));
    if (english) return outcome(res.status, body, `English message: ${english}`);
    return outcome(res.status, body, null);
  } catch (err) {
    return outcome(0, null, `no answer: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

describe('every operation of the OpenAPI description, fuzzed', () => {
  it('answers below 500, in the one error shape with pt-BR messages', { timeout: 240_000 }, async () => {
    expect(ops.length).toBeGreaterThan(100);
    const outcomes: Outcome[] = [];
    for (const op of ops) for (const payload of payloads(op)) outcomes.push(await send(op, payload));

    // FUZZ_DUMP=<file>: every outcome as a JSON line, to see what the sample reached.
    if (process.env.FUZZ_DUMP) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.FUZZ_DUMP, outcomes.map((o) => JSON.stringify({ op: `${o.op.method} ${o.op.path}`, guard: o.op.guard, payload: o.payload.name, status: o.status, code: (o.body as Json | null)?.error?.code ?? null, fields: (o.body as Json | null)?.error?.fields ?? null })).join('\n'));
    }
    const problems = outcomes
      .filter((o) => o.problem)
      .map((o) => `${o.op.method} ${o.payload.path}${o.payload.query ? `?${o.payload.query.slice(0, 120)}` : ''} [${o.payload.name}${o.payload.headers ? ` ${JSON.stringify(o.payload.headers)}` : ''}] → ${o.status} ${o.problem}: ${JSON.stringify(o.body).slice(0, 300)}`);
    expect(problems).toEqual([]);

    // The sample did what it says: every operation was tried with its whole set, and hostile input was refused by the
    // mechanisms meant for it (not, say, by a 401 before validation).
    const perOp = new Map<string, number>();
    for (const o of outcomes) perOp.set(`${o.op.method} ${o.op.path}`, (perOp.get(`${o.op.method} ${o.op.path}`) ?? 0) + 1);
    expect(perOp.size).toBe(ops.length);
    for (const [op, n] of perOp) expect(n, op).toBeGreaterThanOrEqual(8);
    const codes = (name: string) =>
      new Set(outcomes.filter((o) => o.payload.name === name && !o.op.path.startsWith('/api/webhooks/')).map((o) => (o.body as Json | null)?.error?.code));
    expect(codes('NUL in path and query')).toEqual(new Set(['invalid_characters']));
    expect(codes('lone surrogate in path and query')).toEqual(new Set(['invalid_characters']));
    expect([...codes('Content-Encoding that is not the body')].every((c) => ['invalid_encoding', 'unsupported_encoding'].includes(c))).toBe(true);
    expect(codes('oversize body')).toEqual(new Set(['payload_too_large']));
    expect(codes('oversize once inflated (gzip bomb)')).toEqual(new Set(['payload_too_large']));
    expect(codes('nested deeper than a stack')).toEqual(new Set(['too_deeply_nested']));
    const unauthenticated = outcomes.filter((o) => o.op.guard !== 'public' && (o.body as Json | null)?.error?.code === 'unauthenticated' && o.op.path !== '/api/auth/logout' && o.payload.name !== 'a forged session cookie');
    expect(unauthenticated.map((o) => `${o.op.method} ${o.op.path}`)).toEqual([]);
    const refusedByValidation = outcomes.filter((o) => (o.body as Json | null)?.error?.code === 'invalid_input').length;
    expect(refusedByValidation).toBeGreaterThan(200);
    console.info(`fuzzed ${ops.length} operations with ${outcomes.length} requests (${refusedByValidation} refused by validation)`);
  });
});

// The defects the fuzzing found, pinned one by one.
describe('found by fuzzing', () => {
  it('"br" on a body that is not brotli is a 400 invalid_encoding (was a 500), and an encoding we cannot undo is a 400 too', async () => {
    const user = await createUser(app);
    for (const [encoding, code] of [['br', 'invalid_encoding'], ['gzip, gzip', 'unsupported_encoding'], ['zstd', 'unsupported_encoding']] as const) {
      const res = await user.client.request('PATCH', '/api/me', '{"address_complement":"x"}', { 'content-type': 'application/json', 'content-encoding': encoding });
      expect(res.status, encoding).toBe(400);
      expect(res.body.error.code, encoding).toBe(code);
    }
  });

  it('a JSON body nested past 64 levels is a 400 too_deeply_nested (was a stack overflow, a 500), webhooks included', async () => {
    const user = await createUser(app);
    const nested = (levels: number) => `{"address_complement":${'['.repeat(levels - 1)}"x"${']'.repeat(levels - 1)}}`;
    const atLimit = await user.client.request('PATCH', '/api/me', nested(64), { 'content-type': 'application/json' });
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.error.code).toBe('invalid_input'); // as deep as allowed: the schema says what is wrong
    const past = await user.client.request('PATCH', '/api/me', nested(65), { 'content-type': 'application/json' });
    expect(past.status).toBe(400);
    expect(past.body.error).toEqual({ code: 'too_deeply_nested', message: 'O conteúdo enviado tem níveis de aninhamento demais.' });
    const deep = await user.client.request('PATCH', '/api/me', nested(49_000), { 'content-type': 'application/json' });
    expect(deep.body.error.code).toBe('too_deeply_nested');
    const webhook = await app.client().request('POST', '/api/webhooks/asaas', `{"id":"evt_deep","event":"PAYMENT_RECEIVED","payment":${nested(20_000)}}`, {
      'content-type': 'application/json',
      'asaas-access-token': webhookToken,
    });
    expect(webhook.status).toBe(400);
    expect(webhook.body.error.code).toBe('too_deeply_nested');
  });
});
