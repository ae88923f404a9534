// A production-mode server as the tests start it: a strong secret, an https address, and the staging switch that keeps
// the sandbox provider and the console mailbox (production refuses both otherwise; adapters/config.ts).
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'k7Qp2Zr9Lw4Xv8Bn3Tj6Hy1Md5Fc0Gs-testonly',
  PUBLIC_URL: 'https://turma.example',
  TURMA_STAGING: 'true',
} as const;
