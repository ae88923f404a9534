// The one error middleware: typed errors → status + { error: { code, message, fields? } }; never a stack trace.
import type { Next } from 'koa';
import { ZodError } from 'zod';
import { isDomainError, type DomainErrorKind } from '../../../core/shared/errors';
import type { AppContext } from '../context';
import { apiLocaleOf, fieldsFromIssues, invalidInputMessage } from '../validation';

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
};

// Errors raised by Koa itself or its body parser (they carry `status` and `expose`).
const HTTP_MESSAGES: Record<number, [code: string, message: string]> = {
  400: ['bad_request', 'Requisição inválida. Verifique os dados enviados.'],
  401: ['unauthenticated', 'Entre na sua conta para continuar.'],
  403: ['forbidden', 'Você não tem permissão para fazer isso.'],
  404: ['not_found', 'Não encontrado.'],
  405: ['method_not_allowed', 'Método não permitido para este endereço.'],
  413: ['payload_too_large', 'O conteúdo enviado é grande demais.'],
  415: ['unsupported_media_type', 'Envie os dados em JSON (Content-Type: application/json).'],
  422: ['bad_request', 'Requisição inválida. Verifique os dados enviados.'],
  429: ['rate_limited', 'Muitas tentativas. Aguarde um pouco e tente novamente.'],
};

/** The status `errorMiddleware` answers for `err` (for a span that ends before the answer is written). */
export function statusOfError(err: unknown): number {
  if (isDomainError(err)) return STATUS[err.kind];
  if (err instanceof ZodError) return 400;
  const mapped = mapInfrastructureError(err);
  if (mapped) return mapped.status;
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

export async function errorMiddleware(ctx: AppContext, next: Next) {
  try {
    await next();
  } catch (err) {
    const body = (code: string, message: string, fields?: Record<string, string>) => ({
      error: { code, message, ...(fields ? { fields } : {}) },
    });
    if (isDomainError(err)) {
      ctx.status = STATUS[err.kind];
      ctx.body = { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}), ...(err.details ?? {}) } };
      if (err.kind === 'rate_limited' && typeof err.details?.retry_after_seconds === 'number') {
        ctx.set('Retry-After', String(err.details.retry_after_seconds));
      }
      return;
    }
    if (err instanceof ZodError) {
      ctx.status = 400;
      const locale = apiLocaleOf(ctx);
      const fields = fieldsFromIssues(err.issues);
      ctx.body = body('invalid_input', invalidInputMessage(fields, locale), fields);
      return;
    }
    const mapped = mapInfrastructureError(err);
    if (mapped) {
      ctx.status = mapped.status;
      ctx.body = body(mapped.code, mapped.message);
      if (mapped.retryAfter) ctx.set('Retry-After', String(mapped.retryAfter));
      if (mapped.status >= 500) ctx.state.log.warn({ err, request_id: ctx.state.requestId }, mapped.code);
      return;
    }
    const status = statusOfError(err);
    if (status < 500) {
      const [code, message] = HTTP_MESSAGES[status] ?? ['bad_request', 'Requisição inválida.'];
      ctx.status = status;
      ctx.body = body(code, message);
      return;
    }
    ctx.state.log.error({ err, request_id: ctx.state.requestId }, 'erro inesperado');
    ctx.status = status;
    ctx.body = {
      error: {
        code: 'internal_error',
        message: 'Erro interno. Tente novamente em instantes.',
        request_id: ctx.state.requestId,
      },
    };
  }
}

interface MappedError {
  status: number;
  code: string;
  message: string;
  retryAfter?: number;
}

// PostgreSQL SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html) that mean bad input, not a bug.
const SQLSTATE_INPUT: Record<string, MappedError> = {
  '22003': { status: 400, code: 'value_out_of_range', message: 'Um dos valores enviados está fora do intervalo permitido.' },
  '22001': { status: 400, code: 'value_too_long', message: 'Um dos textos enviados é longo demais.' },
  '22P02': { status: 400, code: 'invalid_value', message: 'Um dos valores enviados não tem o formato esperado.' },
  '22007': { status: 400, code: 'invalid_value', message: 'Uma das datas enviadas é inválida.' },
  '22008': { status: 400, code: 'invalid_value', message: 'Uma das datas enviadas está fora do intervalo permitido.' },
  '22021': { status: 400, code: 'invalid_characters', message: 'O texto enviado contém caracteres inválidos.' },
  '22P05': { status: 400, code: 'invalid_characters', message: 'O texto enviado contém caracteres inválidos.' },
  '23503': { status: 409, code: 'reference_not_found', message: 'O registro indicado não existe (ou ainda é usado por outro).' },
  '23505': { status: 409, code: 'duplicate', message: 'Já existe um registro com estes dados.' },
  '23514': { status: 400, code: 'invalid_value', message: 'Um dos valores enviados não é permitido.' },
};
// The database is down, restarting or out of connections: the client may retry.
const SQLSTATE_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
const INVALID_ENCODING: MappedError = { status: 400, code: 'invalid_encoding', message: 'O corpo da requisição não corresponde ao Content-Encoding informado.' };
const UNSUPPORTED_ENCODING: MappedError = { status: 400, code: 'unsupported_encoding', message: 'Content-Encoding não suportado: envie o corpo sem compressão ou em gzip, deflate ou br.' };
const DATABASE_UNAVAILABLE: MappedError = { status: 503, code: 'database_unavailable', message: 'Serviço temporariamente indisponível. Tente novamente em instantes.', retryAfter: 5 };

/** Database and transport failures that are the client's input or a passing outage, never a 500 with internals. */
export function mapInfrastructureError(err: unknown): MappedError | null {
  const e = err as { code?: unknown; nativeError?: { code?: unknown }; message?: unknown; name?: unknown } | null;
  if (!e || typeof e !== 'object') return null;
  const code = typeof e.nativeError?.code === 'string' ? e.nativeError.code : typeof e.code === 'string' ? e.code : '';
  // A Content-Encoding that is not what the body is (e.g. "gzip" or "br" on plain text): zlib fails while inflating.
  // gzip/deflate errors carry Z_* codes; brotli's carry its decoder's names (ERR__ERROR_FORMAT_PADDING_2, ERR_BROTLI_…).
  if (code.startsWith('Z_') || /^ERR_(_ERROR_|BROTLI_)/.test(code) || e.name === 'ZlibError') return INVALID_ENCODING;
  const message = typeof e.message === 'string' ? e.message : '';
  // An encoding the body parser cannot undo ("gzip, gzip", "zstd", …): the same client mistake, not a JSON one.
  if ((e as { status?: unknown }).status === 415 && message.startsWith('Unsupported Content-Encoding')) return UNSUPPORTED_ENCODING;
  if (SQLSTATE_INPUT[code]) return SQLSTATE_INPUT[code];
  if (SQLSTATE_UNAVAILABLE.has(code) || NETWORK_CODES.has(code)) return DATABASE_UNAVAILABLE;
  if (e.name === 'KnexTimeoutError' || /Timeout acquiring a connection|Connection terminated|connection is closed|Client has encountered a connection error|is not currently accepting connections|terminating connection due to administrator command/i.test(message)) return DATABASE_UNAVAILABLE;
  return null;
}
