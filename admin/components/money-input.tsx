// An amount in reais typed with a comma ("420,00"), stored in the form as integer centavos.
import { InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';
import { formatReais, parseReais } from '../lib/money';

/**
 * The form value: centavos (number), null when empty, or the raw text when it is not an amount in
 * reais, so `validateMoney` can say so instead of the field silently keeping an old value.
 */
export type MoneyValue = number | null | string;

const toText = (value: unknown): string =>
  typeof value === 'number' ? formatReais(value) : typeof value === 'string' ? value : '';

const toValue = (text: string): MoneyValue => {
  const cents = parseReais(text);
  return cents === undefined ? text : cents;
};

/** Rejects text that is not an amount in reais (put it first in `validate`). */
export const validateMoney: Validator = (value: unknown) =>
  typeof value === 'string' ? 'turma.money.invalid' : undefined;

export interface MoneyInputProps {
  source: string;
  label?: string;
  helperText?: ReactNode;
  validate?: Validator | Validator[];
  sx?: SxProps<Theme>;
}

export const MoneyInput = ({ source, label, helperText, validate, sx }: MoneyInputProps) => {
  const validators = [validateMoney, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({
    source,
    validate: validators,
    // The form holds the value itself; the text is this component's business.
    format: (value: unknown) => value,
    parse: (value: unknown) => value,
  });
  // While focused, the admin's own text ("199,9"); otherwise the value, formatted ("199,90").
  const [draft, setDraft] = useState<string | null>(null);

  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      className={`ra-input ra-input-${source}`}
      value={draft ?? toText(field.value)}
      onFocus={() => setDraft(toText(field.value))}
      onChange={(event) => {
        setDraft(event.target.value);
        field.onChange(toValue(event.target.value));
      }}
      onBlur={() => {
        setDraft(null);
        field.onBlur();
      }}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      error={invalid}
      helperText={<InputHelperText error={error?.message} helperText={helperText} />}
      sx={sx}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', placeholder: '0,00' },
      }}
    />
  );
};
