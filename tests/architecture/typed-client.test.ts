// The browsers' calls are typed from the API description: an answer field renamed in a zod contract (as the description
// generated from it says) makes the web code that reads the old name fail typecheck. openapi.test.ts keeps the
// committed web/lib/api-schema.d.ts equal to what the contracts generate, so this is the last link of that chain.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generateApiTypes, localDescription } from '../../adapters/http/openapi-types';

const ROOT = resolve(import.meta.dirname, '../..');
const SCHEMA_FILE = resolve(ROOT, 'web/lib/api-schema.d.ts');
/** A real module of the web app that reads answer fields (the cart line the server sends). */
const READER = resolve(ROOT, 'web/lib/cart/cart-lines.ts');

type Description = { components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> } };

/** The description with one property of a component renamed, as a renamed key in its zod schema would produce. */
function renamed(component: string, from: string, to: string): object {
  const doc = structuredClone(localDescription()) as unknown as Description;
  const schema = doc.components.schemas[component]!;
  expect(schema.properties).toHaveProperty(from);
  schema.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k === from ? to : k, v]));
  schema.required = schema.required?.map((k) => (k === from ? to : k));
  return doc;
}

let previous: ts.Program | undefined;

/** Type errors in READER when the generated API types are `schemaText` (the rest of the tree as it is). */
function errorsOfReader(schemaText: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(resolve(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const options: ts.CompilerOptions = { ...config.options, noEmit: true, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) =>
    resolve(fileName) === SCHEMA_FILE ? ts.createSourceFile(fileName, schemaText, language) : getSourceFile(fileName, language, ...rest);
  host.readFile = (fileName) => (resolve(fileName) === SCHEMA_FILE ? schemaText : readFile(fileName));
  // The second compile reuses the first's unchanged files.
  const program = ts.createProgram([READER], options, host, previous);
  previous = program;
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && resolve(d.file.fileName) === READER)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the typed client', () => {
  it('a renamed answer field fails typecheck of the web code that reads it', async () => {
    const as_is = await generateApiTypes(localDescription());
    expect(errorsOfReader(as_is)).toEqual([]);

    const changed = await generateApiTypes(renamed('CartLine', 'product_name', 'product_title'));
    expect(errorsOfReader(changed)).toEqual([expect.stringContaining("Property 'product_name' does not exist")]);
  }, 120_000);

  it('lint refuses a hand-typed call or a bare fetch in web/ and admin/', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const rulesHit = async (code: string, filePath: string) =>
      (await eslint.lintText(code, { filePath: resolve(ROOT, filePath) }))[0]!.messages.map((m) => m.ruleId);
    expect(await rulesHit("declare const api: any;\nexport const me = () => api.get<{ id: string }>('/api/me');\n", 'web/lib/planted.ts')).toContain('no-restricted-syntax');
    expect(await rulesHit("export const me = () => fetch('/api/me');\n", 'admin/pages/planted.tsx')).toContain('no-restricted-syntax');
    expect(await rulesHit("import { apiClient, call } from './api';\nexport const me = () => call(apiClient.GET('/api/me'));\n", 'web/lib/planted.ts')).toEqual([]);
  }, 60_000);
});
