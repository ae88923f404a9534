// `turma storage copy --to s3|local`: copies every stored file from the other store into the chosen one, skipping what
// is already there with the same content and reading back each copy to compare its sha256 (idempotent, resumable).
import type { Command } from 'commander';
import { createHash } from 'node:crypto';
import { loadConfig } from '../../adapters/config';
import { LocalFileStorage, type FileStore } from '../../adapters/storage/local.storage';
import { S3FileStorage } from '../../adapters/storage/s3.storage';
import { CliError, cliIo, printObject, setExitCode, writeErr, type OutputOptions } from '../runtime';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The bucket of the S3_* settings, whatever STORAGE_DRIVER says (the copy comes before the switch). */
function bucketFrom(env: Record<string, string | undefined>): S3FileStorage {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...env, STORAGE_DRIVER: 's3' });
  if (config.storage.driver !== 's3') throw new CliError('configuração S3 ausente');
  return new S3FileStorage(config.storage);
}

export interface CopyReport {
  origem: string;
  destino: string;
  copiados: number;
  ja_existiam: number;
  falharam: number;
}

export async function copyFiles(from: FileStore, to: FileStore, onFailure: (key: string, reason: string) => void): Promise<CopyReport> {
  const report: CopyReport = { origem: from.describe(), destino: to.describe(), copiados: 0, ja_existiam: 0, falharam: 0 };
  for await (const { key } of from.list()) {
    try {
      const source = await from.get(key);
      if (!source) continue; // removed meanwhile
      const digest = sha256(source.body);
      const existing = await to.get(key);
      if (existing && sha256(existing.body) === digest) {
        report.ja_existiam++;
        continue;
      }
      await to.put(key, source.body, source.contentType);
      const back = await to.get(key);
      if (!back || sha256(back.body) !== digest) throw new Error('o checksum da cópia não confere com o original');
      report.copiados++;
    } catch (err) {
      report.falharam++;
      onFailure(key, err instanceof Error ? err.message : String(err));
    }
  }
  return report;
}

export function registerStorageCommands(program: Command) {
  const storage = program.command('storage').description('arquivos enviados: disco local ou bucket S3');

  storage
    .command('copy')
    .description('copia os arquivos do outro armazenamento para este destino (pula os que já estão lá, confere checksums)')
    .requiredOption('--to <destino>', 's3 (do disco local para o bucket) ou local (do bucket para o disco)')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { to: string }) => {
      if (opts.to !== 's3' && opts.to !== 'local') throw new CliError(`destino inválido: ${opts.to} (use s3 ou local)`);
      const env = cliIo().env;
      const local = new LocalFileStorage(loadConfig({ LOG_LEVEL: 'warn', ...env }).storageDir);
      const bucket = bucketFrom(env);
      try {
        const [from, to] = opts.to === 's3' ? [local, bucket] : [bucket, local];
        const report = await copyFiles(from, to, (key, reason) => writeErr(`Falhou: ${key}: ${reason}\n`));
        printObject({ ...report }, opts);
        if (report.falharam > 0) setExitCode(1);
      } finally {
        bucket.close();
      }
    });
}
