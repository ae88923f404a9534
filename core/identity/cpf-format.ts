// The CPF's digits and display mask, with no dependency (no zod): the browser's input masks import this module alone,
// so a page with a masked field does not evaluate the schemas on its first render. core/identity/cpf.ts re-exports it.

export const CPF_LENGTH = 11;

export function normalizeCpf(s: string): string {
  return s.replace(/\D/g, '');
}

/**
 * 52998224725 → 529.982.247-25. Partial input is masked progressively (5299 → 529.9) so the same
 * function serves as the input mask while typing; digits beyond 11 are dropped.
 */
export function formatCpf(s: string): string {
  const d = normalizeCpf(s).slice(0, CPF_LENGTH);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
