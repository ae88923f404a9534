// A CEP pasted as "01310 100", "01.310-100" or "CEP 01310-100" reaches the field's mask whole: no CEP field in web/
// caps its length (the browser would cut the paste before the mask sees it), and the mask keeps its 8 digits.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskCep } from '../../web/lib/masks';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** Each JSX element that declares a postal-code autocomplete, from its opening `<` to its closing `>`. */
function cepElements(source: string): string[] {
  const found: string[] = [];
  for (let at = source.indexOf('autoComplete="postal-code"'); at !== -1; at = source.indexOf('autoComplete="postal-code"', at + 1)) {
    const start = source.lastIndexOf('<', at);
    const end = source.indexOf('/>', at);
    found.push(source.slice(start, end));
  }
  return found;
}

describe('CEP fields take a pasted CEP in any common format', () => {
  const fields = sources(join(__dirname, '../../web')).flatMap((file) => cepElements(readFileSync(file, 'utf8')).map((element) => ({ file, element })));

  it('finds the CEP fields (sign-up and addresses, onboarding, freight quote, nearby search)', () => {
    expect(fields.length).toBeGreaterThanOrEqual(4);
  });

  it('no CEP field has a maxLength (the mask, not the browser, keeps 8 digits)', () => {
    expect(fields.filter(({ element }) => /maxLength=/.test(element)).map(({ file }) => file)).toEqual([]);
  });

  it.each(['01310 100', '01.310-100', 'CEP 01310-100', ' 01310100 ', 'CEP: 01.310-100 (Av. Paulista)'])('%j → 01310-100', (pasted) => {
    expect(maskCep(pasted)).toBe('01310-100');
  });
});
