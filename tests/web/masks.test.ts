// The web app's input masks (web/lib/masks.ts): CPF, phone and CEP as the user types or pastes.
import { describe, expect, it } from 'vitest';
import { formatPhone, maskCep, maskCpf, maskPhone, onlyDigits } from '../../web/lib/masks';

describe('maskCpf (000.000.000-00)', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['529', '529'],
    ['5299', '529.9'],
    ['529982', '529.982'],
    ['5299822', '529.982.2'],
    ['529982247', '529.982.247'],
    ['5299822472', '529.982.247-2'],
    ['52998224725', '529.982.247-25'],
    ['529982247251234', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['abc529x982', '529.982'],
  ])('%j → %j', (input, expected) => {
    expect(maskCpf(input)).toBe(expected);
  });
});

describe('maskPhone ((00) 00000-0000 / (00) 0000-0000)', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['119876', '(11) 9876'],
    ['1198765', '(11) 9876-5'],
    ['1134567890', '(11) 3456-7890'],
    ['11987654321', '(11) 98765-4321'],
    ['119876543210', '(11) 98765-4321'],
    ['+55 11 98765-4321', '(11) 98765-4321'],
    ['(11) 3456-7890', '(11) 3456-7890'],
    ['(11) 98765-4321', '(11) 98765-4321'],
  ])('%j → %j', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it('formats stored digits and tolerates empty values', () => {
    expect(formatPhone('21987654321')).toBe('(21) 98765-4321');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('maskCep (00000-000, at most 8 digits, non-digits stripped)', () => {
  it.each([
    ['', ''],
    ['0131', '0131'],
    ['01310', '01310'],
    ['013101', '01310-1'],
    ['01310100', '01310-100'],
    ['01310-100', '01310-100'],
    ['013101009999', '01310-100'],
    ['01.310-100', '01310-100'],
    ['CEP 01310 100', '01310-100'],
  ])('%j → %j', (input, expected) => {
    expect(maskCep(input)).toBe(expected);
  });
});

describe('onlyDigits', () => {
  it('keeps digits only', () => {
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
    expect(onlyDigits('abc')).toBe('');
  });
});
