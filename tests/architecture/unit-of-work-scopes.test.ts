// A use case sees only the module scopes it declares: reaching another module's tables through the transaction fails
// typecheck. Compiles a planted use case against the real core types with the TypeScript compiler API.
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const planted = join(root, 'core', 'flows', 'planted-scope.flow.ts');
// Each compile reuses the previous program's unchanged files (the whole core is type-checked once).
let previous: ts.Program | undefined;

/** The compiler's errors for `code` placed at core/flows/planted-scope.flow.ts (nothing is written to disk). */
function errorsOf(code: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.json não pôde ser lido');
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.readFile = (f) => (f === planted ? code : read(f));
  host.fileExists = (f) => f === planted || exists(f);
  const program = ts.createProgram({ rootNames: [planted], options: { ...config.options, types: [] }, host, oldProgram: previous });
  previous = program;
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(planted)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const useCase = (body: string) => `
import type { UnitOfWork } from '../ports/unit-of-work';
import type { GroupsScope } from '../groups/ports';
import type { PaymentsScope } from '../payments/ports';

export class PlantedUseCase {
  constructor(private readonly uow: UnitOfWork<GroupsScope>) {}
  run(id: string) {
    return this.uow.run(async (tx) => {
      void tx.jobs;
      ${body}
    });
  }
}
export type Unused = PaymentsScope;
`;

describe('unit of work scopes', () => {
  it('a use case declared with UnitOfWork<GroupsScope> may not touch tx.payments', () => {
    const errors = errorsOf(useCase('return tx.payments.payments.findById(id);'));
    expect(errors.some((e) => /Property 'payments' does not exist/.test(e))).toBe(true);
  });

  it('nor read another module through uow.repos', () => {
    const errors = errorsOf(useCase('return this.uow.repos.identity.users.findById(id);'));
    expect(errors.some((e) => /Property 'identity' does not exist/.test(e))).toBe(true);
  });

  it('the same use case touching only its declared scope compiles', () => {
    expect(errorsOf(useCase('return tx.groups.groups.findById(id);'))).toEqual([]);
  });
}, 120_000);
