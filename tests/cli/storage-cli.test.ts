// `turma storage copy --to s3|local` against the local fake S3 server: every local file reaches the bucket with the same
// bytes, a second run copies nothing, a failing bucket is counted and exits 1 (the next run finishes the job), and the
// way back into an empty disk; missing S3 settings are listed at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFileStorage } from '../../adapters/storage/local.storage';
import { startFakeS3, type FakeS3 } from '../fakes/s3.fake';
import { runTurma } from '../support/cli';

let s3: FakeS3;
let env: Record<string, string>;
const files: Record<string, [string, string]> = {
  'products/serum-1a2b.svg': ['<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
  'professionals/p1/foto-9f3c.webp': ['RIFF-webp', 'image/webp'],
  'products/capa-77aa.png': ['png-bytes', 'image/png'],
};
const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  s3 = await startFakeS3();
  const dir = mkdtempSync(join(tmpdir(), 'turma-storage-copy-'));
  env = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', NODE_ENV: 'development', DATA_DIR: dir, ...s3.env(), STORAGE_DRIVER: 'local' };
  const local = new LocalFileStorage(join(dir, 'storage'));
  for (const [key, [body, type]] of Object.entries(files)) await local.put(key, new TextEncoder().encode(body), type);
});
afterAll(async () => {
  await s3?.close();
});

describe('turma storage copy', () => {
  it('copies every local file into the bucket, checks each copy, and copies nothing the second time', async () => {
    const first = await runTurma(['storage', 'copy', '--to', 's3', '--json'], { env });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ origem: join(env.DATA_DIR!, 'storage'), destino: `s3://${s3.bucket}`, copiados: 3, ja_existiam: 0, falharam: 0 });
    for (const [key, [body, type]] of Object.entries(files)) {
      expect(sha(s3.objects.get(key)!.body)).toBe(sha(body));
      expect(s3.objects.get(key)!.contentType).toBe(type);
    }
    const again = await runTurma(['storage', 'copy', '--to', 's3', '--json'], { env });
    expect(JSON.parse(again.stdout)).toMatchObject({ copiados: 0, ja_existiam: 3, falharam: 0 });
  });

  it('counts what a failing bucket refused and exits 1; the next run finishes the job', async () => {
    s3.objects.clear();
    s3.failNext(3, 500); // the first file's reads, all three attempts
    const partial = await runTurma(['storage', 'copy', '--to', 's3', '--json'], { env });
    expect(partial.code).toBe(1);
    expect(JSON.parse(partial.stdout)).toMatchObject({ copiados: 2, falharam: 1 });
    expect(partial.stderr).toMatch(/^Falhou: \S+: O armazenamento de arquivos não respondeu\. Tente de novo em instantes\.\n$/);
    const rest = await runTurma(['storage', 'copy', '--to', 's3', '--json'], { env });
    expect(rest.code).toBe(0);
    expect(JSON.parse(rest.stdout)).toMatchObject({ copiados: 1, ja_existiam: 2, falharam: 0 });
  });

  it('copies the bucket back into an empty disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'turma-storage-back-'));
    const back = await runTurma(['storage', 'copy', '--to', 'local', '--json'], { env: { ...env, DATA_DIR: dir } });
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({ copiados: 3, falharam: 0 });
    const local = new LocalFileStorage(join(dir, 'storage'));
    for (const [key, [body]] of Object.entries(files)) expect(sha((await local.get(key))!.body)).toBe(sha(body));
  });

  it('lists the missing S3 settings at once, and refuses an unknown destination', async () => {
    const missing = await runTurma(['storage', 'copy', '--to', 's3'], { env: { PATH: env.PATH!, LOG_LEVEL: 'silent', DATA_DIR: env.DATA_DIR! } });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      'Erro: S3_BUCKET: obrigatória quando STORAGE_DRIVER=s3; S3_ACCESS_KEY_ID: obrigatória quando STORAGE_DRIVER=s3; S3_SECRET_ACCESS_KEY: obrigatória quando STORAGE_DRIVER=s3\n',
    );
    const unknown = await runTurma(['storage', 'copy', '--to', 'ftp'], { env });
    expect(unknown.stderr).toBe('Erro: destino inválido: ftp (use s3 ou local)\n');
  });
});
