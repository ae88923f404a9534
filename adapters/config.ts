// The one configuration object, validated once at start; a bad or missing value stops the process naming it.
import { resolve } from 'node:path';
import { z } from 'zod';
import { parseShippingTable, type ShippingTable } from './shipping/shipping-table';
import { BRAZIL_UFS } from '../core/address/uf';
import { isValidCnpj } from '../core/identity/cnpj';
import { parseMelhorEnvioSender, type MelhorEnvioSender } from './shipping/melhor-envio.labels';

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .pipe(z.url({ message: 'deve ser uma URL válida' }).optional());

const port = z.coerce.number().int().min(0).max(65535);

/** OpenStreetMap's standard tile layer (its usage policy: a valid User-Agent/Referer, attribution, no bulk downloads). */
export const osmTileTemplate = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The origin a tile URL template loads from, as a CSP source: `https://tile.openstreetmap.org`, or with a `{s}`
 * subdomain placeholder `https://*.tile.openstreetmap.org`. Null when the template is not an http(s) URL with
 * {z}, {x} and {y}.
 */
export function mapTileOrigin(template: string): string | null {
  if (!['{z}', '{x}', '{y}'].every((p) => template.includes(p))) return null;
  let url: URL;
  try {
    url = new URL(template.replace(/\{s\}/g, 'tile-subdomain').replace(/\{[a-z]+\}/gi, '0'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const host = url.host.replace(/^tile-subdomain\./, '*.');
  if (host.includes('tile-subdomain')) return null; // {s} anywhere but the first label cannot be a CSP source
  return `${url.protocol}//${host}`;
}

/** A secret with few distinct characters ('x' × 40, 'changeme' repeated) is guessable whatever its length. */
export const isWeakSecret = (secret: string) => new Set(secret).size < 12;
/** An address only this machine reaches (a benchmark or smoke test of a production build): http is harmless there. */
const isLoopbackUrl = (url: string) => /^http:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?(\/|$)/.test(url);

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    STORAGE_DIR: z.string().optional(),
    // Uploaded files: the local disk (STORAGE_DIR) by default, or an S3-compatible bucket (docs/operations.md).
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_BUCKET: z.string().trim().optional(),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /** A public address of the bucket (a CDN or a public bucket): /media/<key> then redirects there. */
    S3_PUBLIC_URL: optionalUrl,
    SESSION_SECRET: z.string().optional(),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Turma <nao-responda@turma.com.br>'),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'asaas']).default('sandbox'),
    ASAAS_API_KEY: z.string().optional(),
    ASAAS_BASE_URL: optionalUrl,
    ASAAS_WEBHOOK_TOKEN: z.string().optional(),
    VIACEP_URL: z.url({ message: 'deve ser uma URL válida' }).default('https://viacep.com.br'),
    NOMINATIM_URL: z.url({ message: 'deve ser uma URL válida' }).default('https://nominatim.openstreetmap.org'),
    MAP_TILE_URL: z
      .string()
      .default(osmTileTemplate)
      .transform((v) => v.trim())
      .refine((v) => v === '' || mapTileOrigin(v) !== null, {
        message: 'deve ser vazia (mapa sem fundo) ou uma URL http(s) com {z}, {x} e {y}, p.ex. https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      }),
    AUTH_SIGNUP_LIMIT: z.coerce.number().int().min(1).default(20),
    ADDRESS_LOOKUP_LIMIT: z.coerce.number().int().min(1).default(60),
    // Shipping: free freight from this products subtotal (centavos); Melhor Envio when its token is set,
    // else the embedded table (SHIPPING_TABLE, JSON, replaces the default prices).
    FREE_SHIPPING_FROM: z.coerce.number().int().min(0).default(19_900),
    MELHOR_ENVIO_URL: z.url({ message: 'deve ser uma URL válida' }).default('https://melhorenvio.com.br'),
    MELHOR_ENVIO_TOKEN: z.string().optional(),
    SHIPPING_ORIGIN_CEP: z.string().regex(/^\d{5}-?\d{3}$/, 'use um CEP de 8 dígitos').default('01310-100'),
    // Labels through Melhor Envio need the sender (JSON); its webhook is signed with the app's secret.
    MELHOR_ENVIO_SENDER: z.string().optional().superRefine((v, ctx) => {
      try {
        parseMelhorEnvioSender(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `remetente inválido: ${(err as Error).message}` });
      }
    }),
    MELHOR_ENVIO_WEBHOOK_SECRET: z.string().optional(),
    SHIPPING_SIMULATE_TRACKING: z.enum(['true', 'false', '1', '0']).optional(),
    SHIPPING_TABLE: z.string().optional().superRefine((v, ctx) => {
      try {
        parseShippingTable(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `tabela de frete inválida: ${(err as Error).message}` });
      }
    }),
    PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(10),
    PAYOUT_MINIMUM: z.coerce.number().int().min(0).default(5000),
    // Goods invoices (NF-e) of marketplace sales: the embedded sandbox, or Focus NFe (docs/integrations.md#focus-nfe).
    NFE_PROVIDER: z.enum(['sandbox', 'focus_nfe']).default('sandbox'),
    NFE_ENVIRONMENT: z.enum(['homologacao', 'producao']).default('homologacao'),
    NFE_CNPJ: z.string().trim().optional().refine((v) => !v || isValidCnpj(v), 'CNPJ inválido'),
    NFE_UF: z.enum(BRAZIL_UFS, { error: 'UF inválida' }).default('SP'),
    NFE_NCM: z.string().trim().regex(/^\d{8}$/, 'use os 8 dígitos do NCM').optional(),
    NFE_CANCEL_WINDOW_HOURS: z.coerce.number().int().min(1).max(168).default(24),
    FOCUS_NFE_TOKEN: z.string().trim().optional(),
    FOCUS_NFE_URL: optionalUrl,
    // Service invoices (NFS-e) for the platform's fee, issued through the payment provider (docs/operations.md#configuration).
    NFSE_ENABLED: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    NFSE_SERVICE_DESCRIPTION: z.string().trim().min(1).max(400).default('Intermediação de compra coletiva na Turma: {plano}'),
    NFSE_MUNICIPAL_SERVICE_ID: z.string().trim().optional().transform((v) => (v ? v : undefined)),
    NFSE_MUNICIPAL_SERVICE_CODE: z.string().trim().min(1).max(20).default('10.05'),
    NFSE_MUNICIPAL_SERVICE_NAME: z.string().trim().min(1).max(200).default('Agenciamento, corretagem ou intermediação de bens móveis'),
    NFSE_ISS_RATE: z.coerce.number().min(0, { message: 'use uma alíquota entre 0 e 5' }).max(5, { message: 'use uma alíquota entre 0 e 5' }).default(5),
    AUTH_LOGIN_LIMIT: z.coerce.number().int().min(1).default(10),
    AUTH_ACCOUNT_LOGIN_CEILING: z.coerce.number().int().min(1).default(100),
    BODY_LIMIT: z.string().regex(/^\d+(kb|mb)$/i, 'use um tamanho como 100kb ou 1mb').default('100kb'),
    DEMO_ADMIN_PASSWORD: z.string().min(8, { message: 'deve ter ao menos 8 caracteres' }).optional(),
    // The seeded demo admin's TOTP secret (base32), for browser tests; unset, the admin enrols on first sign-in.
    DEMO_ADMIN_TOTP_SECRET: z.string().regex(/^[A-Z2-7]{16,}$/, 'use uma chave base32 (A–Z, 2–7) de ao menos 16 caracteres').optional(),
    // Web push's VAPID pair (base64url, `npx web-push generate-vapid-keys`) and contact; unset outside production, a pair
    // is made once and kept in DATA_DIR.
    VAPID_PUBLIC_KEY: z.string().trim().regex(/^B[A-Za-z0-9_-]{86}$/, 'use a chave pública do par VAPID (87 caracteres base64url, começando com B)').optional(),
    VAPID_PRIVATE_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, 'use a chave privada do par VAPID (43 caracteres base64url)').optional(),
    VAPID_SUBJECT: z.string().trim().regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'use mailto:endereco@dominio ou uma URL https://').optional(),
    // WhatsApp (docs/integrations.md#whatsapp): the Cloud API, the embedded outbox (default outside production) or off
    // (default in production); cloud needs the four secrets of the WhatsApp Business account.
    WHATSAPP_PROVIDER: z.enum(['cloud', 'outbox', 'off']).optional(),
    WHATSAPP_API_URL: z.url({ message: 'deve ser uma URL válida' }).default('https://graph.facebook.com'),
    WHATSAPP_API_VERSION: z.string().trim().regex(/^v\d+\.\d+$/, 'use a versão da Graph API, como v21.0').default('v21.0'),
    WHATSAPP_PHONE_NUMBER_ID: z.string().trim().regex(/^\d+$/, 'use o identificador numérico do número (Phone number ID)').optional(),
    WHATSAPP_ACCESS_TOKEN: z.string().trim().optional(),
    WHATSAPP_APP_SECRET: z.string().trim().optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().trim().optional(),
    /** The template `turma messages test` sends (Meta's sample hello_world, en_US, exists in every new account). */
    WHATSAPP_TEST_TEMPLATE: z.string().trim().regex(/^[a-z0-9_]+$/, 'use o nome do modelo aprovado (letras minúsculas, números e _)').default('hello_world'),
    /** The bearer token Prometheus sends to GET /metrics; unset, /metrics answers 404 (production requires one). */
    METRICS_TOKEN: z.string().optional().transform((v) => (v?.trim() ? v.trim() : undefined)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    JOBS_ENABLED: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /** The worker process's health endpoint (`/health/live`, `/health/ready`); 0 lets the system pick. */
    WORKER_HEALTH_PORT: port.default(3001),
    /** On SIGTERM, how long the worker waits for the jobs in hand before it exits anyway. */
    JOBS_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    /** On SIGTERM, how long readiness answers 503 before the server stops accepting (the load balancer's notice). */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
    /** Whether `npm start` applies pending migrations; in production the deploy runs `turma db migrate` first. */
    MIGRATE_ON_START: z.enum(['true', 'false', '1', '0']).optional(),
    /** A production-mode server that is not production: the sandbox provider and console mail are allowed. */
    TURMA_STAGING: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    TURMA_SKIP_BUILD: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
  })
  .superRefine((c, ctx) => {
    if (c.NFE_PROVIDER === 'focus_nfe') {
      for (const key of ['FOCUS_NFE_TOKEN', 'NFE_CNPJ', 'NFE_NCM'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatória quando NFE_PROVIDER=focus_nfe' });
      }
    }
    if (c.PAYMENT_PROVIDER === 'asaas') {
      for (const key of ['ASAAS_API_KEY', 'ASAAS_BASE_URL', 'ASAAS_WEBHOOK_TOKEN'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatória quando PAYMENT_PROVIDER=asaas' });
      }
    }
    if (c.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatória quando STORAGE_DRIVER=s3' });
      }
      if (c.NODE_ENV === 'production' && c.S3_ENDPOINT && !c.S3_ENDPOINT.startsWith('https://') && !isLoopbackUrl(c.S3_ENDPOINT))
        ctx.addIssue({ code: 'custom', path: ['S3_ENDPOINT'], message: 'em produção deve começar com https:// (http só num endereço local, como 127.0.0.1)' });
      if (c.NODE_ENV === 'production' && c.S3_PUBLIC_URL && !c.S3_PUBLIC_URL.startsWith('https://') && !isLoopbackUrl(c.S3_PUBLIC_URL))
        ctx.addIssue({ code: 'custom', path: ['S3_PUBLIC_URL'], message: 'em produção deve começar com https:// (as páginas https não carregam imagens http)' });
    } else if (c.S3_PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['S3_PUBLIC_URL'], message: 'só vale com STORAGE_DRIVER=s3' });
    }
    if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY))
      ctx.addIssue({ code: 'custom', path: [c.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'as duas chaves VAPID vêm juntas (o par de npx web-push generate-vapid-keys)' });
    if (c.WHATSAPP_PROVIDER === 'cloud') {
      for (const key of ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatória quando WHATSAPP_PROVIDER=cloud' });
      }
      if (c.NODE_ENV === 'production' && !c.WHATSAPP_API_URL.startsWith('https://') && !isLoopbackUrl(c.WHATSAPP_API_URL))
        ctx.addIssue({ code: 'custom', path: ['WHATSAPP_API_URL'], message: 'em produção deve começar com https://' });
    }
    if (c.NODE_ENV === 'production' && c.WHATSAPP_PROVIDER === 'outbox' && !c.TURMA_STAGING)
      ctx.addIssue({ code: 'custom', path: ['WHATSAPP_PROVIDER'], message: 'outbox só guarda as mensagens no banco: use cloud (ou off) em produção (ou TURMA_STAGING=true num servidor de homologação)' });
    if (c.NODE_ENV === 'production') {
      // Every unsafe default is listed at once (docs/operations.md); TURMA_STAGING=true lets a staging server keep the
      // sandbox provider and the console mailbox, nothing else.
      if (!c.SESSION_SECRET || c.SESSION_SECRET.length < 32)
        ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'obrigatória em produção, com ao menos 32 caracteres' });
      else if (isWeakSecret(c.SESSION_SECRET))
        ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'fraca demais: gere uma aleatória (ex.: openssl rand -base64 48)' });
      if (!c.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'obrigatória em produção' });
      else if (!c.PUBLIC_URL.startsWith('https://') && !isLoopbackUrl(c.PUBLIC_URL))
        ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'em produção deve começar com https:// (http só num endereço local, como 127.0.0.1)' });
      if (!c.TURMA_STAGING) {
        if (c.PAYMENT_PROVIDER === 'sandbox')
          ctx.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: 'o sandbox não move dinheiro de verdade: use asaas em produção (ou TURMA_STAGING=true num servidor de homologação)' });
        if (c.NFE_PROVIDER === 'sandbox')
          ctx.addIssue({ code: 'custom', path: ['NFE_PROVIDER'], message: 'o sandbox emite NF-e falsas: use focus_nfe em produção (ou TURMA_STAGING=true num servidor de homologação)' });
        else if (c.NFE_ENVIRONMENT === 'homologacao')
          ctx.addIssue({ code: 'custom', path: ['NFE_ENVIRONMENT'], message: 'NF-e de homologação não têm valor fiscal: use producao (ou TURMA_STAGING=true num servidor de homologação)' });
        if (!c.SMTP_URL)
          ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'obrigatória em produção: sem ela nenhum e-mail sai (ou TURMA_STAGING=true num servidor de homologação)' });
        // Without it nobody can watch the instance; a staging server may go without (/metrics then answers 404).
        if (!c.METRICS_TOKEN)
          ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: 'obrigatória em produção: o token que o Prometheus envia a /metrics (ex.: openssl rand -hex 32)' });
        // The browsers' subscriptions are tied to the public key: a pair made on the server's disk would be lost with it
        // (a staging server keeps the one it makes in DATA_DIR).
        for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const)
          if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatória em produção para as notificações no navegador (npx web-push generate-vapid-keys; VAPID_SUBJECT: um mailto: de contato)' });
      }
      if (c.METRICS_TOKEN && (c.METRICS_TOKEN.length < 24 || isWeakSecret(c.METRICS_TOKEN)))
        ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: 'fraca demais: use ao menos 24 caracteres aleatórios (ex.: openssl rand -hex 32)' });
    }
  });

export type Config = Readonly<{
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  storageDir: string;
  /** Where uploads are kept: `local` under storageDir, or an S3-compatible bucket. */
  storage:
    | { driver: 'local' }
    | {
        driver: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
        /** Where browsers fetch files directly (no trailing slash); undefined → this server streams them. */
        publicBaseUrl: string | undefined;
      };
  sessionSecret: string | undefined;
  sessionTtlDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  paymentProvider: 'sandbox' | 'asaas';
  asaas: { apiKey: string | undefined; baseUrl: string | undefined; webhookToken: string | undefined };
  viaCepUrl: string;
  nominatimUrl: string;
  /** The map's tile URL template and the origin the CSP allows for it; both null when tiles are disabled. */
  mapTiles: { url: string; origin: string } | null;
  authSignupLimit: number;
  /** Public CEP lookups, and city geocodings, per IP per 5 minutes. */
  addressLookupLimit: number;
  /** The platform's fee on each redeemed voucher, in percent (docs/product/professionals.md). */
  platformFeePercent: number;
  /** The smallest PIX payout to a professional, in centavos. */
  payoutMinimum: number;
  /** Service invoices (NFS-e) for the platform's fee: on or off, and what each invoice says. */
  serviceInvoices: { enabled: boolean; descriptionTemplate: string; municipalServiceId: string | null; municipalServiceCode: string; municipalServiceName: string; issRate: number };
  authLoginLimit: number;
  authAccountLoginCeiling: number;
  bodyLimit: string;
  logLevel: string;
  /** Web push's VAPID pair; null outside production when unset (then made once and kept in dataDir). */
  vapid: { publicKey: string; privateKey: string } | null;
  /** The contact in the VAPID JWT (`sub`). */
  vapidSubject: string;
  /** GET /metrics answers only with `Authorization: Bearer <metricsToken>`; 404 when unset. */
  metricsToken: string | undefined;
  /** WhatsApp: the Cloud API's coordinates when provider is cloud (config has required them). */
  whatsapp: {
    provider: 'cloud' | 'outbox' | 'off';
    apiUrl: string;
    apiVersion: string;
    phoneNumberId: string | undefined;
    accessToken: string | undefined;
    appSecret: string | undefined;
    verifyToken: string | undefined;
    testTemplate: string;
  };
  demoAdminPassword: string | undefined;
  demoAdminTotpSecret: string | undefined;
  trustProxy: boolean;
  skipBuild: boolean;
  /** On SIGTERM, readiness fails this long before the server stops accepting (default 5 s in production, else 0). */
  shutdownDrainMs: number;
  /** Apply pending migrations at start (default: yes outside production, no in production). */
  migrateOnStart: boolean;
  jobsEnabled: boolean;
  workerHealthPort: number;
  jobsDrainMs: number;
  /** Goods invoices: the provider and its settings (`focusNfe` null with the sandbox), the emitter and the cancel window. */
  goodsInvoices: {
    provider: 'sandbox' | 'focus_nfe';
    emitterUf: (typeof BRAZIL_UFS)[number];
    cnpj: string | undefined;
    cancelWindowHours: number;
    focusNfe: { url: string; token: string; ncm: string } | null;
  };
  /** Freight. `melhorEnvio` is null when MELHOR_ENVIO_TOKEN is unset (the table then quotes alone). */
  shipping: {
    freeFrom: number;
    table: ShippingTable;
    originCep: string;
    melhorEnvio: { url: string; token: string } | null;
    /** Labels bought through Melhor Envio: its token and MELHOR_ENVIO_SENDER both set; else tracking codes are typed. */
    labels: { sender: MelhorEnvioSender; webhookSecret: string | null } | null;
    /** The embedded table makes parcel steps up (default outside production). */
    simulateTracking: boolean;
  };
}>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(raiz)'}: ${i.message}`),
    );
  }
  const c = parsed.data;
  const dataDir = resolve(c.DATA_DIR);
  return Object.freeze({
    env: c.NODE_ENV,
    isProduction: c.NODE_ENV === 'production',
    port: c.PORT,
    host: c.HOST,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: c.DATABASE_URL,
    databasePoolMax: c.DATABASE_POOL_MAX,
    storageDir: resolve(c.STORAGE_DIR ?? `${dataDir}/storage`),
    storage:
      c.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3' as const,
            endpoint: c.S3_ENDPOINT,
            region: c.S3_REGION,
            bucket: c.S3_BUCKET!,
            accessKeyId: c.S3_ACCESS_KEY_ID!,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: c.S3_FORCE_PATH_STYLE,
            publicBaseUrl: c.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          }
        : { driver: 'local' as const },
    sessionSecret: c.SESSION_SECRET,
    sessionTtlDays: c.SESSION_TTL_DAYS,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    paymentProvider: c.PAYMENT_PROVIDER,
    asaas: { apiKey: c.ASAAS_API_KEY, baseUrl: c.ASAAS_BASE_URL, webhookToken: c.ASAAS_WEBHOOK_TOKEN },
    viaCepUrl: c.VIACEP_URL.replace(/\/$/, ''),
    nominatimUrl: c.NOMINATIM_URL.replace(/\/$/, ''),
    mapTiles: c.MAP_TILE_URL ? { url: c.MAP_TILE_URL, origin: mapTileOrigin(c.MAP_TILE_URL)! } : null,
    authSignupLimit: c.AUTH_SIGNUP_LIMIT,
    addressLookupLimit: c.ADDRESS_LOOKUP_LIMIT,
    platformFeePercent: c.PLATFORM_FEE_PERCENT,
    payoutMinimum: c.PAYOUT_MINIMUM,
    serviceInvoices: {
      enabled: c.NFSE_ENABLED,
      descriptionTemplate: c.NFSE_SERVICE_DESCRIPTION,
      municipalServiceId: c.NFSE_MUNICIPAL_SERVICE_ID ?? null,
      municipalServiceCode: c.NFSE_MUNICIPAL_SERVICE_CODE,
      municipalServiceName: c.NFSE_MUNICIPAL_SERVICE_NAME,
      issRate: c.NFSE_ISS_RATE,
    },
    authLoginLimit: c.AUTH_LOGIN_LIMIT,
    authAccountLoginCeiling: c.AUTH_ACCOUNT_LOGIN_CEILING,
    bodyLimit: c.BODY_LIMIT,
    logLevel: c.LOG_LEVEL,
    metricsToken: c.METRICS_TOKEN,
    whatsapp: {
      provider: c.WHATSAPP_PROVIDER ?? (c.NODE_ENV === 'production' ? 'off' : 'outbox'),
      apiUrl: c.WHATSAPP_API_URL.replace(/\/+$/, ''),
      apiVersion: c.WHATSAPP_API_VERSION,
      phoneNumberId: c.WHATSAPP_PHONE_NUMBER_ID,
      accessToken: c.WHATSAPP_ACCESS_TOKEN,
      appSecret: c.WHATSAPP_APP_SECRET,
      verifyToken: c.WHATSAPP_VERIFY_TOKEN,
      testTemplate: c.WHATSAPP_TEST_TEMPLATE,
    },
    vapid: c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY } : null,
    vapidSubject: c.VAPID_SUBJECT ?? 'mailto:contato@turma.com.br',
    demoAdminPassword: c.DEMO_ADMIN_PASSWORD,
    demoAdminTotpSecret: c.DEMO_ADMIN_TOTP_SECRET,
    trustProxy: c.TRUST_PROXY,
    skipBuild: c.TURMA_SKIP_BUILD,
    shutdownDrainMs: c.SHUTDOWN_DRAIN_MS ?? (c.NODE_ENV === 'production' ? 5_000 : 0),
    migrateOnStart: c.MIGRATE_ON_START === undefined ? c.NODE_ENV !== 'production' : c.MIGRATE_ON_START === 'true' || c.MIGRATE_ON_START === '1',
    jobsEnabled: c.JOBS_ENABLED,
    workerHealthPort: c.WORKER_HEALTH_PORT,
    jobsDrainMs: c.JOBS_DRAIN_MS,
    goodsInvoices: {
      provider: c.NFE_PROVIDER,
      emitterUf: c.NFE_UF,
      cnpj: c.NFE_CNPJ ? c.NFE_CNPJ.replace(/\D/g, '') : undefined,
      cancelWindowHours: c.NFE_CANCEL_WINDOW_HOURS,
      focusNfe:
        c.NFE_PROVIDER === 'focus_nfe'
          ? { url: (c.FOCUS_NFE_URL ?? (c.NFE_ENVIRONMENT === 'producao' ? 'https://api.focusnfe.com.br' : 'https://homologacao.focusnfe.com.br')).replace(/\/$/, ''), token: c.FOCUS_NFE_TOKEN!, ncm: c.NFE_NCM! }
          : null,
    },
    shipping: {
      freeFrom: c.FREE_SHIPPING_FROM,
      table: parseShippingTable(c.SHIPPING_TABLE),
      originCep: c.SHIPPING_ORIGIN_CEP.replace(/\D/g, ''),
      melhorEnvio: c.MELHOR_ENVIO_TOKEN?.trim() ? { url: c.MELHOR_ENVIO_URL.replace(/\/$/, ''), token: c.MELHOR_ENVIO_TOKEN.trim() } : null,
      labels: (() => {
        const sender = c.MELHOR_ENVIO_TOKEN?.trim() ? parseMelhorEnvioSender(c.MELHOR_ENVIO_SENDER) : null;
        return sender ? { sender, webhookSecret: c.MELHOR_ENVIO_WEBHOOK_SECRET?.trim() || null } : null;
      })(),
      simulateTracking: c.SHIPPING_SIMULATE_TRACKING === undefined ? c.NODE_ENV !== 'production' : c.SHIPPING_SIMULATE_TRACKING === 'true' || c.SHIPPING_SIMULATE_TRACKING === '1',
    },
  });
}
