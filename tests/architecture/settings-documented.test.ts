// Every setting the configuration reads is written down for the operator: a row of docs/operations.md's configuration
// table and a line of .env.example (a variable added without either fails here).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../adapters/config';

const root = new URL('../..', import.meta.url).pathname;
const settings = Object.keys(configSchema.shape).sort();

describe('settings are documented', () => {
  it('each one has a row in the configuration table of docs/operations.md', () => {
    const doc = readFileSync(`${root}docs/operations.md`, 'utf8');
    const section = doc.slice(doc.indexOf('\n## Configuration\n'), doc.indexOf('\n## ', doc.indexOf('\n## Configuration\n') + 1));
    // A row's first cell names one or more variables: | `ASAAS_API_KEY`, `ASAAS_BASE_URL` | …
    const documented = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!)),
    );
    expect(settings.length).toBeGreaterThan(30);
    expect(settings.filter((s) => !documented.has(s))).toEqual([]);
  });

  it('each one is in .env.example (set, or commented out with its default)', () => {
    const example = readFileSync(`${root}.env.example`, 'utf8');
    const listed = new Set([...example.matchAll(/^#? ?([A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    expect(settings.filter((s) => !listed.has(s))).toEqual([]);
  });
});
