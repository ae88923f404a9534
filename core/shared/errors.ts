// Typed domain errors: the core's only way to say "no"; the HTTP adapter maps `kind` to a status.
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** Stable snake_case code clients and tests rely on (e.g. `email_taken`). */
  readonly code: string;
  /** Per-field pt-BR messages for `invalid` errors. */
  readonly fields?: Record<string, string>;
  /** Extra data a client may use (e.g. `retry_after_seconds`). */
  readonly details?: Record<string, unknown>;

  constructor(
    kind: DomainErrorKind,
    code: string,
    message: string,
    options: { fields?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    if (options.fields) this.fields = options.fields;
    if (options.details) this.details = options.details;
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

export const invalid = (code: string, message: string, fields?: Record<string, string>) =>
  new DomainError('invalid', code, message, fields ? { fields } : {});
export const notFound = (code: string, message: string) => new DomainError('not_found', code, message);
export const conflict = (code: string, message: string) => new DomainError('conflict', code, message);
/** 413: what was sent is larger than the use case accepts (an upload over its limit). */
export const tooLarge = (code: string, message: string) => new DomainError('too_large', code, message);
export const forbidden = (code: string, message: string) => new DomainError('forbidden', code, message);
export const unauthenticated = (code: string, message: string) =>
  new DomainError('unauthenticated', code, message);
