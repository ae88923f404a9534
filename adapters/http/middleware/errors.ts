// The one error middleware: typed errors → status + { error: { code, message, fields? } }; never a stack trace.
import type { Next } from 'koa';
import { ZodError } from 'zod';
import { isDomainError, type DomainErrorKind } from '../../../core/shared/errors';
import type { AppContext } from '../context';
import { fieldsFromIssues } from '../validation';

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
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
      ctx.body = body('invalid_input', 'Verifique os campos destacados.', fieldsFromIssues(err.issues));
      return;
    }
    const status = typeof (err as { status?: unknown })?.status === 'number' ? (err as { status: number }).status : 500;
    if (status >= 400 && status < 500) {
      const [code, message] = HTTP_MESSAGES[status] ?? ['bad_request', 'Requisição inválida.'];
      ctx.status = status;
      ctx.body = body(code, message);
      return;
    }
    ctx.state.log.error({ err, request_id: ctx.state.requestId }, 'erro inesperado');
    ctx.status = status >= 500 && status < 600 ? status : 500;
    ctx.body = {
      error: {
        code: 'internal_error',
        message: 'Erro interno. Tente novamente em instantes.',
        request_id: ctx.state.requestId,
      },
    };
  }
}
