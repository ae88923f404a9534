// The address block of the sign-up and profile forms: a masked CEP that fills street, district,
// city and state from GET /api/cep/:cep (read-only then). When the lookup gives nothing the four fields
// unlock for manual entry; an outage says so instead of calling the CEP wrong.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cepDigits } from '../../core/identity/account-schemas';
import { lookupCep, lookupProblemOf } from '../lib/cep';
import { maskCep } from '../lib/masks';
import type { FieldErrors } from '../lib/validation';
import { TextField } from './form-field';
import { Spinner } from './spinner';

export interface AddressValues {
  cep: string;
  address_street: string;
  address_number: string;
  address_complement: string;
  address_district: string;
  address_city: string;
  address_state: string;
}

export const EMPTY_ADDRESS: AddressValues = {
  cep: '',
  address_street: '',
  address_number: '',
  address_complement: '',
  address_district: '',
  address_city: '',
  address_state: '',
};

export const ADDRESS_FIELDS = Object.keys(EMPTY_ADDRESS) as (keyof AddressValues)[];

type Lookup = { status: 'idle' | 'loading' | 'found' } | { status: 'failed'; message: string };

const LOOKED_UP = ['address_street', 'address_district', 'address_city', 'address_state'] as const;

export function AddressFields({
  values,
  errors,
  onChange,
  onBlur,
  initiallyManual = false,
  disabled = false,
}: {
  values: AddressValues;
  errors: FieldErrors;
  onChange: (patch: Partial<AddressValues>) => void;
  onBlur?: (field: keyof AddressValues) => void;
  /** Unlock street/district/city/state from the start (e.g. a saved address typed by hand). */
  initiallyManual?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const [manual, setManual] = useState(initiallyManual);
  const lastLookedUp = useRef<string>(cepDigits(values.cep));
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const runLookup = (digits: string) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    lastLookedUp.current = digits;
    setLookup({ status: 'loading' });
    lookupCep(digits, current.signal).then(
      (address) => {
        if (current.signal.aborted) return;
        // docs/product/spec.md §8: a result with neither street nor city is as good as none.
        if (!address?.street && !address?.city) return fail(t('address.notFound'));
        onChange({
          address_street: address.street ?? '',
          address_district: address.district ?? '',
          address_city: address.city ?? '',
          address_state: address.state ?? '',
        });
        setManual(false);
        setLookup({ status: 'found' });
      },
      (error: unknown) => {
        if (current.signal.aborted) return;
        const problem = lookupProblemOf(error);
        const messages = { not_found: 'address.notFound', offline: 'address.lookupFailed', rate_limited: 'address.rateLimited', unavailable: 'address.unavailable' } as const;
        fail(t(messages[problem]));
      },
    );
    function fail(message: string) {
      setManual(true);
      setLookup({ status: 'failed', message });
    }
  };

  const onCepChange = (raw: string) => {
    const cep = maskCep(raw);
    const digits = cepDigits(cep);
    if (digits.length === 8) {
      onChange({ cep });
      if (digits !== lastLookedUp.current || lookup.status === 'idle') runLookup(digits);
      return;
    }
    controller.current?.abort();
    lastLookedUp.current = '';
    // Values the lookup filled belong to the old CEP; values typed by hand stay.
    onChange(lookup.status === 'found' ? { cep, ...Object.fromEntries(LOOKED_UP.map((k) => [k, ''])) } : { cep });
    if (lookup.status !== 'failed') setLookup({ status: 'idle' });
  };

  const locked = !manual;
  const lockedProps = (field: (typeof LOOKED_UP)[number]) => ({
    readOnly: locked,
    // The UF box is two letters wide: its own short wording, or the placeholder would be cut.
    placeholder: locked && !values[field] ? t(field === 'address_state' ? 'address.fromCepShort' : 'address.fromCep') : undefined,
  });
  const common = (field: keyof AddressValues) => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled,
    onBlur: onBlur ? () => onBlur(field) : undefined,
  });

  const cepHint =
    lookup.status === 'loading' ? t('address.searching') : lookup.status === 'failed' ? lookup.message : lookup.status === 'found' ? t('address.found') : t('address.cepHint');

  return (
    <>
      <TextField
        {...common('cep')}
        className="span-3"
        label={t('address.cep')}
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="00000-000"
        aria-busy={lookup.status === 'loading' || undefined}
        trailing={lookup.status === 'loading' ? <Spinner size={18} label={t('address.searching')} /> : undefined}
        hint={
          <span role="status" className={lookup.status === 'failed' ? 'field__hint--warn' : undefined}>
            {cepHint}
          </span>
        }
        onChange={(event) => onCepChange(event.target.value)}
      />
      <div className="span-3 address__spacer" aria-hidden="true" />
      <TextField
        {...common('address_street')}
        {...lockedProps('address_street')}
        className="span-6"
        label={t('address.street')}
        autoComplete="address-line1"
        onChange={(event) => onChange({ address_street: event.target.value })}
      />
      <TextField
        {...common('address_number')}
        className="span-2"
        label={t('address.number')}
        autoComplete="address-line2"
        inputMode="text"
        maxLength={20}
        onChange={(event) => onChange({ address_number: event.target.value })}
      />
      <TextField
        {...common('address_complement')}
        className="span-4"
        label={t('address.complement')}
        optional
        maxLength={80}
        onChange={(event) => onChange({ address_complement: event.target.value })}
      />
      <TextField
        {...common('address_district')}
        {...lockedProps('address_district')}
        className="span-3"
        label={t('address.district')}
        onChange={(event) => onChange({ address_district: event.target.value })}
      />
      <TextField
        {...common('address_city')}
        {...lockedProps('address_city')}
        className="span-2 sm-4"
        label={t('address.city')}
        autoComplete="address-level2"
        onChange={(event) => onChange({ address_city: event.target.value })}
      />
      <TextField
        {...common('address_state')}
        {...lockedProps('address_state')}
        className="span-1 field--compact"
        label={t('address.state')}
        autoComplete="address-level1"
        maxLength={2}
        autoCapitalize="characters"
        onChange={(event) => onChange({ address_state: event.target.value.replace(/[^a-zA-Z]/g, '').toUpperCase() })}
      />
    </>
  );
}
