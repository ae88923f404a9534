// Route contracts on Koa: each route is declared once (method, path, guard, input and answer schemas, handler); the
// declaration registers the Koa route and records the OpenAPI operation that /api/openapi.json is generated from.
import Router from '@koa/router';
import type { Next } from 'koa';
import { z } from 'zod';
import type { Role } from '../../core/identity/roles';
import type { AppContext } from './context';
import { requireRole, requireUser } from './middleware/auth';
import { apiLocaleOf, parseInput } from './validation';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type BodyContentType = 'application/json' | 'multipart/form-data';

/** Who may call: anyone, a signed-in user, or a signed-in user with one of these roles. */
export type Guard = 'public' | 'user' | { roles: Role[] };

export interface HeaderSpec {
  description: string;
  schema?: z.ZodType;
}

/**
 * One answer. JSON answers (the default) are produced through `schema`: the handler's value is serialised, parsed and
 * stripped to the declared shape, so an undeclared field never leaves. `raw` answers (streams, HTML, files) are
 * written by the handler as they are and only described here.
 */
export interface AnswerSpec {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
  raw?: boolean;
  headers?: Record<string, HeaderSpec>;
}

export type Answers = Record<number, AnswerSpec>;

type WireOf<T> = T extends string ? T | Date : T extends readonly (infer U)[] ? WireOf<U>[] : T extends object ? { [K in keyof T]: WireOf<T[K]> } : T;
type BodyOf<A extends AnswerSpec> = A['raw'] extends true ? unknown : A['schema'] extends z.ZodType ? WireOf<z.output<A['schema']>> : undefined;

/** What a handler returns: one of the declared statuses and its body (Dates are accepted where the answer has strings). */
export type Reply<R extends Answers> = { [S in keyof R & number]: { status: S; body: BodyOf<R[S]> } }[keyof R & number];

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContract<
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends Answers,
> {
  method: HttpMethod;
  /** Koa path (`/api/groups/:id`); relative to the router's prefix. */
  path: string;
  summary: string;
  description?: string;
  /** Defaults to the router's tag. */
  tags?: string[];
  guard: Guard;
  /** Validated with parseInput (400 `invalid_input` with pt-BR `fields`). */
  params?: P;
  query?: Q;
  body?: B;
  /** Described only: the handler or the use case validates them with its own rules and error codes. */
  describedQuery?: z.ZodType;
  describedBody?: z.ZodType;
  /** The body's media type in the description (default JSON); a multipart body is read by the handler (files: z.file()). */
  bodyContentType?: BodyContentType;
  /** Error statuses this route may answer besides the ones implied by its guard and inputs. */
  errors?: number[];
  answers: R;
  handler: (ctx: AppContext, input: { params: Out<P>; query: Out<Q>; body: Out<B> }) => Promise<Reply<R>>;
}

/** The recorded facts of a route, enough to write its OpenAPI operation. */
export interface OperationRecord {
  method: HttpMethod;
  /** Full Koa path, prefix included. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  guard: Guard;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyContentType?: BodyContentType;
  errors: number[];
  answers: Answers;
}

/** Serialises like Koa would (Dates become ISO strings), then keeps exactly the declared shape. */
export function shapeAnswer<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return shapePlainAnswer(schema, value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
}

/**
 * `shapeAnswer` for a value already made of JSON's own types (strings, finite numbers, booleans, null, plain arrays and
 * objects: no Date, no undefined, no toJSON), such as a catalogue page: the same check and shape, without the round trip
 * through JSON text first (a miss of the busiest read paid it on ~10 KB).
 */
export function shapePlainAnswer<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    // A server bug (the answer drifted from its contract): a 500 with a request id, the details in the log.
    throw Object.assign(new Error(`answer does not match its schema: ${z.prettifyError(result.error)}`), { status: 500 });
  }
  return result.data;
}

const GUARDS = {
  public: null,
  user: requireUser(),
} as const;

function guardMiddleware(guard: Guard): ((ctx: AppContext, next: Next) => Promise<void>) | null {
  if (guard === 'public') return GUARDS.public;
  if (guard === 'user') return GUARDS.user;
  return requireRole(...guard.roles);
}

/** A Koa router whose routes are contracts; `operations` lists what it serves for the description. */
export class ContractRouter {
  readonly router: Router<AppContext['state'], AppContext>;
  readonly operations: OperationRecord[] = [];
  private readonly prefix: string;

  constructor(readonly options: { tag: string; prefix?: string }) {
    this.prefix = options.prefix ?? '';
    this.router = new Router<AppContext['state'], AppContext>(this.prefix ? { prefix: this.prefix } : {});
  }

  /** The Koa router's layers (what it actually serves). */
  get stack() {
    return this.router.stack;
  }

  route<P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, R extends Answers = Answers>(
    contract: RouteContract<P, Q, B, R>,
  ): this {
    const path = contract.path;
    const fullPath = this.prefix && path === '/' ? this.prefix : `${this.prefix}${path}`;
    const guard = guardMiddleware(contract.guard);
    const answers = contract.answers as Answers;
    const handle = async (ctx: AppContext) => {
      const input = {
        params: (contract.params ? parseInput(contract.params, (ctx as AppContext & { params: Record<string, string> }).params, apiLocaleOf(ctx)) : undefined) as Out<P>,
        query: (contract.query ? parseInput(contract.query, ctx.query, apiLocaleOf(ctx)) : undefined) as Out<Q>,
        body: (contract.body ? parseInput(contract.body, ctx.request.body, apiLocaleOf(ctx)) : undefined) as Out<B>,
      };
      const reply = (await contract.handler(ctx, input)) as { status: number; body: unknown };
      const answer = answers[reply.status];
      if (!answer) throw Object.assign(new Error(`undeclared answer status ${reply.status} for ${contract.method.toUpperCase()} ${fullPath}`), { status: 500 });
      if (answer.raw) {
        ctx.status = reply.status;
        if (reply.body !== undefined) ctx.body = reply.body;
        return;
      }
      if (answer.schema) {
        // Set the body first: Koa turns an assigned null/undefined into 204 and resets the status.
        ctx.body = shapeAnswer(answer.schema, reply.body);
      }
      ctx.status = reply.status;
    };
    const stack = guard ? [guard, handle] : [handle];
    this.router[contract.method](path, ...(stack as [typeof handle]));
    this.operations.push({
      method: contract.method,
      path: fullPath,
      summary: contract.summary,
      ...(contract.description ? { description: contract.description } : {}),
      tags: contract.tags ?? [this.options.tag],
      guard: contract.guard,
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query || contract.describedQuery ? { query: (contract.query ?? contract.describedQuery)! } : {}),
      ...(contract.body || contract.describedBody ? { body: (contract.body ?? contract.describedBody)! } : {}),
      ...(contract.bodyContentType ? { bodyContentType: contract.bodyContentType } : {}),
      errors: contract.errors ?? [],
      answers,
    });
    return this;
  }

  /** Records an operation served outside this router (the public-reads lane), so the description still lists it. */
  describe(operation: Omit<OperationRecord, 'tags' | 'errors'> & { tags?: string[]; errors?: number[] }): this {
    this.operations.push({ ...operation, tags: operation.tags ?? [this.options.tag], errors: operation.errors ?? [] });
    return this;
  }
}

/** `/api/groups/:id` → `/api/groups/{id}` (OpenAPI path templates). */
export function toOpenApiPath(koaPath: string): string {
  return koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** A handler's answer: `reply(201, group)`; the status must be one the contract declares. */
export function reply<const S extends number, B>(status: S, body: B): { status: S; body: B } {
  return { status, body };
}
