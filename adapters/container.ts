// The only place that knows which adapter serves which port. Tests build the same container with fakes swapped in.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Container } from 'inversify';
import type { Clock } from '../core/shared/clock';
import { systemClock } from '../core/shared/clock';
import type { PasswordHasher, SecretTokens } from '../core/ports/security';
import type { UnitOfWork } from '../core/ports/unit-of-work';
import { AuthService } from '../core/identity/auth.service';
import { AuditLogService } from '../core/audit/audit-log.service';
import { PlanCatalogService } from '../core/catalog/plan.service';
import type { Config } from './config';
import type { Database } from './db/database';
import { KnexUnitOfWork } from './db/unit-of-work';
import { Argon2PasswordHasher } from './security/argon2.hasher';
import { HmacSecretTokens } from './security/secret-tokens';
import { createLogger, type Logger } from './logger';
import { TOKENS } from './tokens';

export interface ContainerOverrides {
  clock?: Clock;
  logger?: Logger;
  passwordHasher?: PasswordHasher;
}

/** In development the secret is made once and kept in DATA_DIR, so sessions survive restarts. */
function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function buildContainer(config: Config, database: Database, overrides: ContainerOverrides = {}): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  c.bind<Config>(TOKENS.Config).toConstantValue(config);
  c.bind<Database>(TOKENS.Database).toConstantValue(database);
  c.bind<Logger>(TOKENS.Logger).toConstantValue(overrides.logger ?? createLogger(config.logLevel));
  c.bind<Clock>(TOKENS.Clock).toConstantValue(overrides.clock ?? systemClock);
  c.bind<UnitOfWork>(TOKENS.UnitOfWork).toDynamicValue(() => new KnexUnitOfWork(database.knex));
  c.bind<PasswordHasher>(TOKENS.PasswordHasher).toConstantValue(overrides.passwordHasher ?? new Argon2PasswordHasher());
  c.bind<SecretTokens>(TOKENS.SecretTokens).toDynamicValue(() => new HmacSecretTokens(resolveSessionSecret(config)));

  c.bind(TOKENS.AuthService).toResolvedValue(
    (uow: UnitOfWork, hasher: PasswordHasher, tokens: SecretTokens, clock: Clock) =>
      new AuthService(uow, hasher, tokens, clock, { sessionTtlDays: config.sessionTtlDays }),
    [TOKENS.UnitOfWork, TOKENS.PasswordHasher, TOKENS.SecretTokens, TOKENS.Clock],
  );
  c.bind(TOKENS.AuditLogService).toResolvedValue((uow: UnitOfWork) => new AuditLogService(uow), [TOKENS.UnitOfWork]);
  c.bind(TOKENS.PlanCatalogService).toResolvedValue((uow: UnitOfWork) => new PlanCatalogService(uow), [TOKENS.UnitOfWork]);
  return c;
}
