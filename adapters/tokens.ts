// Explicit inversify tokens (symbols, no decorator metadata) so tsx, esbuild, vite and vitest run the code unchanged.
export const TOKENS = {
  Config: Symbol.for('turma.Config'),
  Logger: Symbol.for('turma.Logger'),
  Database: Symbol.for('turma.Database'),
  Clock: Symbol.for('turma.Clock'),
  UnitOfWork: Symbol.for('turma.UnitOfWork'),
  PasswordHasher: Symbol.for('turma.PasswordHasher'),
  SecretTokens: Symbol.for('turma.SecretTokens'),
  AuthService: Symbol.for('turma.AuthService'),
  AuditLogService: Symbol.for('turma.AuditLogService'),
  PlanCatalogService: Symbol.for('turma.PlanCatalogService'),
} as const;
