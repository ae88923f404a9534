import { describe, it, expect } from 'vitest';
import {
  THEME_EXPERIMENT_NAME,
  THEME_VARIANTS,
  THEME_VARIANT_HUES,
  THEME_VARIANT_STORAGE_KEY,
  assignThemeVariant,
  isThemeVariant,
} from '../../../core/experiments/theme-variant';

const never = () => {
  throw new Error('random() must not be called when a variant is kept');
};

describe('theme variant experiment', () => {
  it.each<[string, unknown, unknown]>([
    ['SPEC §9: experiment name is theme_variant_r14', THEME_EXPERIMENT_NAME, 'theme_variant_r14'],
    ['SPEC §9: local key is theme_experiment_variant', THEME_VARIANT_STORAGE_KEY, 'theme_experiment_variant'],
    ['SPEC §4: variants are golden and friendship', THEME_VARIANTS, ['golden', 'friendship']],
    ['SPEC §9: golden primary hue is 45', THEME_VARIANT_HUES.golden, 45],
    ['SPEC §9: friendship primary hue is 25', THEME_VARIANT_HUES.friendship, 25],
  ])('%s', (_name, value, expected) => {
    expect(value).toEqual(expected);
  });

  it.each([
    ['golden', 'golden'],
    ['friendship', 'friendship'],
  ])('SPEC §4: an existing %s variant is kept without drawing', (existing, variant) => {
    expect(assignThemeVariant(existing, never)).toEqual({ variant, isNew: false });
  });

  it.each<[string, string | null | undefined, number, string]>([
    ['SPEC §4/§9: no stored variant, draw 0 → golden', null, 0, 'golden'],
    ['SPEC §4/§9: no stored variant, draw 0.4999 → golden', undefined, 0.4999, 'golden'],
    ['SPEC §4/§9: draw exactly 0.5 → friendship (50/50 split)', null, 0.5, 'friendship'],
    ['SPEC §4/§9: draw 0.9999 → friendship', null, 0.9999, 'friendship'],
    ['SPEC §4: an unknown stored variant is reassigned', 'control', 0.1, 'golden'],
    ['SPEC §4: variant names are exact', 'Golden', 0.7, 'friendship'],
    ['SPEC §4: an empty stored variant is reassigned', '', 0.2, 'golden'],
  ])('%s', (_name, existing, draw, variant) => {
    expect(assignThemeVariant(existing, () => draw)).toEqual({ variant, isNew: true });
  });

  it('SPEC §9: the split is about 50/50 over many draws', () => {
    let seed = 42;
    const lcg = () => ((seed = (seed * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
    let golden = 0;
    for (let i = 0; i < 10_000; i++) if (assignThemeVariant(null, lcg).variant === 'golden') golden++;
    expect(golden).toBeGreaterThan(4_800);
    expect(golden).toBeLessThan(5_200);
  });

  it.each([
    ['golden', true],
    ['friendship', true],
    ['dark', false],
    [null, false],
  ])('SPEC §4: isThemeVariant(%j) is %s', (value, ok) => {
    expect(isThemeVariant(value)).toBe(ok);
  });
});
