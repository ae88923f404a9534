// Input masks for Brazilian documents and numbers. Pure functions from whatever the user typed
// (or pasted) to the masked text; the digits are what the forms send.
import { formatCpf } from '../../core/identity/cpf-format';

export const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** 529.982.247-25, built progressively while typing; extra digits are dropped. */
export const maskCpf = (value: string) => formatCpf(value);

/** 01310-100 (at most 8 digits, docs/product/spec.md §5): core's mask. */
export { maskCep } from '../../core/address/cep';

/**
 * (11) 98765-4321 for mobiles (11 digits) and (11) 3456-7890 for landlines (10 digits). While
 * typing, the hyphen sits where a landline has it until the 11th digit arrives. A pasted
 * "+55 11 98765-4321" loses its country code.
 */
export function maskPhone(value: string): string {
  let d = onlyDigits(value);
  if (d.length > 11 && d.startsWith('55')) d = d.slice(2);
  d = d.slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = `(${d.slice(0, 2)}) `;
  const rest = d.slice(2);
  if (rest.length <= 4) return area + rest;
  const split = d.length === 11 ? 5 : 4;
  return `${area}${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** A stored phone (digits) shown with its mask; anything unusable comes back as typed. */
export const formatPhone = (value: string | null | undefined) => (value ? maskPhone(value) : '');
