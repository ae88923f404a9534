// zod's generic messages as the API gives them: pt-BR by default, en-US when asked, and no machine bound (z.int()'s
// largest safe integer) read out to a person.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput, withApiLocale } from '../../adapters/http/validation';

const schema = z.object({ quantity: z.int(), page: z.int().min(1).max(50) });

async function fieldsOf(input: unknown, locale: 'pt-BR' | 'en-US' = 'pt-BR') {
  try {
    await withApiLocale(locale, async () => parseInput(schema, input, locale));
  } catch (err) {
    return (err as { fields?: Record<string, string> }).fields ?? {};
  }
  throw new Error('the input was accepted');
}

describe('validation messages', () => {
  it('a number past the safe-integer range is "grande demais" without the bound; en-US when asked', async () => {
    const pt = await fieldsOf({ quantity: 2 ** 60, page: 1 });
    expect(pt.quantity).toBe('Número grande demais.');
    expect(pt.quantity).not.toMatch(/9007199254740991/);
    expect((await fieldsOf({ quantity: -(2 ** 60), page: 1 })).quantity).toBe('Número pequeno demais.');
    expect((await fieldsOf({ quantity: 2 ** 60, page: 1 }, 'en-US')).quantity).toBe('Number too large.');
  });

  it('a bound the schema chose is still said, in pt-BR by zod\'s Brazilian locale', async () => {
    const pt = await fieldsOf({ quantity: 1, page: 51 });
    expect(pt.page).toMatch(/50/);
    expect(pt.page).not.toMatch(/Too big|expected/);
  });
});
