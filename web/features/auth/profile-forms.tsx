// The forms of /profile: personal data and address (PATCH /api/me with the changed fields, checked
// with core's buildProfileUpdateSchema) and the password change (POST /api/me/password).
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buildProfileUpdateSchema, changePasswordSchema, MESSAGES } from '../../../core/identity/account-schemas';
import { profileAddressForm } from '../../../core/address/address.service';
import { formatCpf } from '../../../core/identity/cpf';
import { AddressFields, ADDRESS_FIELDS, type AddressValues } from '../../components/address-fields';
import { Button } from '../../components/button';
import { PasswordField, TextField } from '../../components/form-field';
import { isApiError } from '../../lib/api';
import { formatPhone, maskPhone, onlyDigits } from '../../lib/masks';
import { notify } from '../../lib/toast';
import { useForm } from '../../lib/use-form';
import { focusFirstError, localizeMessage, serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../lib/validation';
import { accountApi, type MeResponse, type Profile, type SessionUser } from '../../lib/account-api';
import { errorMessage } from './errors';

const profileSchema = buildProfileUpdateSchema(() => new Date());

export function ProfileCard({ id, title, lead, children, tone }: { id: string; title: string; lead?: string; children: ReactNode; tone?: 'danger' }) {
  return (
    <section className={`panel profile__card${tone ? ` panel--${tone}` : ''}`} aria-labelledby={id}>
      <header className="panel__head">
        <h2 id={id} className="panel__heading">
          {title}
        </h2>
        {lead && <p className="muted">{lead}</p>}
      </header>
      {children}
    </section>
  );
}

/** Only what changed, so a PATCH never re-sends (or re-validates) untouched fields. */
function changedFields<V extends object>(values: V, baseline: V, same: (key: keyof V, a: V[keyof V], b: V[keyof V]) => boolean) {
  const out: Partial<V> = {};
  for (const key of Object.keys(values) as (keyof V)[]) {
    if (!same(key, values[key], baseline[key])) out[key] = values[key];
  }
  return out;
}

function validatePatch(patch: object): FieldErrors {
  const parsed = profileSchema.safeParse(patch);
  return parsed.success ? {} : zodFieldErrors(parsed.error);
}

/** Shared submit of both PATCH forms: server field errors under the inputs, a toast either way. */
async function savePatch(
  patch: Record<string, unknown>,
  { errorTitle, onSaved, onFieldErrors, t }: { errorTitle: string; onSaved: (me: MeResponse) => void; onFieldErrors: (errors: FieldErrors) => void; t: (key: string) => string },
) {
  try {
    const me = await accountApi.update(patch);
    onSaved(me);
    notify.success(t('saved'), t('savedBody'));
  } catch (error) {
    if (isApiError(error) && error.isSessionExpired) return;
    if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) onFieldErrors(serverFieldErrors(error.fields));
    notify.error(errorTitle, errorMessage(error));
  }
}

interface PersonalValues {
  full_name: string;
  phone: string;
  birth_date: string;
}

function personalOf(user: SessionUser, profile: Profile | null): PersonalValues {
  return {
    full_name: profile?.full_name || user.full_name || '',
    phone: formatPhone(profile?.phone),
    birth_date: profile?.birth_date ? String(profile.birth_date).slice(0, 10) : '',
  };
}

const samePersonal = (key: keyof PersonalValues, a: string, b: string) => (key === 'phone' ? onlyDigits(a) === onlyDigits(b) : a.trim() === b.trim());

export function PersonalForm({ user, profile, onSaved }: { user: SessionUser; profile: Profile | null; onSaved: (me: MeResponse) => void }) {
  const { t } = useTranslation('profile');
  const formRef = useRef<HTMLFormElement>(null);
  const [baseline, setBaseline] = useState(() => personalOf(user, profile));
  const { values, errors, set, blur, check, setErrors, reset } = useForm<PersonalValues>(baseline, (v) => validatePatch(changedFields(v, baseline, samePersonal)));
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const patch = changedFields(values, baseline, samePersonal);
    if (Object.keys(patch).length === 0) {
      notify.info(t('nothingChanged'));
      return;
    }
    const found = check();
    if (Object.keys(found).length > 0) {
      focusFirstError(found, ['full_name', 'phone', 'birth_date'], formRef.current);
      return;
    }
    setSaving(true);
    await savePatch(profileSchema.parse(patch), {
      errorTitle: t('personal.errorTitle'),
      t,
      onFieldErrors: setErrors,
      onSaved: (me) => {
        const next = personalOf(me.user, me.profile);
        setBaseline(next);
        reset(next);
        onSaved(me);
      },
    });
    setSaving(false);
  };

  const maxBirth = new Date().toISOString().slice(0, 10);
  return (
    <ProfileCard id="profile-personal" title={t('personal.title')}>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={saving || undefined}>
        <div className="form-grid">
          <TextField
            name="full_name"
            className="span-6"
            label={t('personal.fullName')}
            autoComplete="name"
            value={values.full_name}
            error={errors.full_name}
            disabled={saving}
            onChange={(event) => set({ full_name: event.target.value })}
            onBlur={() => blur('full_name')}
          />
          <TextField
            name="email"
            className="span-3"
            label={t('personal.email')}
            value={user.email}
            readOnly
            hint={t('personal.readOnlyHint')}
          />
          <TextField
            name="cpf"
            className="span-3"
            label={t('personal.cpf')}
            value={profile?.cpf ? formatCpf(profile.cpf) : ''}
            readOnly
            hint={t('personal.readOnlyHint')}
          />
          <TextField
            name="phone"
            className="span-3"
            type="tel"
            label={t('personal.phone')}
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="(00) 00000-0000"
            maxLength={15}
            value={values.phone}
            error={errors.phone}
            disabled={saving}
            onChange={(event) => set({ phone: maskPhone(event.target.value) })}
            onBlur={() => blur('phone')}
          />
          <TextField
            name="birth_date"
            className="span-3"
            type="date"
            label={t('personal.birthDate')}
            autoComplete="bday"
            min="1900-01-01"
            max={maxBirth}
            value={values.birth_date}
            error={errors.birth_date}
            disabled={saving}
            onChange={(event) => set({ birth_date: event.target.value })}
            onBlur={() => blur('birth_date')}
          />
        </div>
        <div className="form__actions">
          <Button type="submit" disabled={saving}>
            {saving ? t('saving') : t('personal.submit')}
          </Button>
        </div>
      </form>
    </ProfileCard>
  );
}

const addressOf = (profile: Profile | null): AddressValues => profileAddressForm(profile);

const sameAddress = (key: keyof AddressValues, a: string, b: string) => (key === 'cep' ? onlyDigits(a) === onlyDigits(b) : a.trim() === b.trim());

export function AddressForm({ profile, onSaved }: { profile: Profile | null; onSaved: (me: MeResponse) => void }) {
  const { t } = useTranslation('profile');
  const formRef = useRef<HTMLFormElement>(null);
  const [baseline, setBaseline] = useState(() => addressOf(profile));
  const [version, setVersion] = useState(0);
  // The address travels as a block (street and city belong to the CEP): any change sends it all.
  const patchOf = (v: AddressValues) => (Object.keys(changedFields(v, baseline, sameAddress)).length > 0 ? { ...v } : {});
  const { values, errors, set, blur, check, setErrors, reset } = useForm<AddressValues>(baseline, (v) => validatePatch(patchOf(v)));
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const patch = patchOf(values);
    if (Object.keys(patch).length === 0) {
      notify.info(t('nothingChanged'));
      return;
    }
    const found = check();
    if (Object.keys(found).length > 0) {
      focusFirstError(found, ADDRESS_FIELDS, formRef.current);
      return;
    }
    setSaving(true);
    await savePatch(profileSchema.parse(patch), {
      errorTitle: t('address.errorTitle'),
      t,
      onFieldErrors: setErrors,
      onSaved: (me) => {
        const next = addressOf(me.profile);
        setBaseline(next);
        reset(next);
        setVersion((n) => n + 1);
        onSaved(me);
      },
    });
    setSaving(false);
  };

  // A saved address that has a CEP but no street was typed by hand: keep it editable.
  const manual = Boolean(baseline.cep && !baseline.address_street);
  return (
    <ProfileCard id="profile-address" title={t('address.title')} lead={t('address.lead')}>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={saving || undefined}>
        <div className="form-grid">
          <AddressFields key={version} values={values} errors={errors} onChange={set} onBlur={blur} initiallyManual={manual} disabled={saving} />
        </div>
        <div className="form__actions">
          <Button type="submit" disabled={saving}>
            {saving ? t('saving') : t('address.submit')}
          </Button>
        </div>
      </form>
    </ProfileCard>
  );
}

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

const EMPTY_PASSWORDS: PasswordValues = { current_password: '', new_password: '', confirm_password: '' };

function validatePasswords(values: PasswordValues): FieldErrors {
  const parsed = changePasswordSchema.safeParse(values);
  const errors = parsed.success ? {} : zodFieldErrors(parsed.error);
  if (values.new_password !== values.confirm_password) errors.confirm_password ??= localizeMessage(MESSAGES.resetMismatch);
  return errors;
}

export function PasswordForm() {
  const { t } = useTranslation('profile');
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, set, check, setErrors, reset } = useForm<PasswordValues>(EMPTY_PASSWORDS, validatePasswords);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = check();
    if (Object.keys(found).length > 0) {
      focusFirstError(found, ['current_password', 'new_password', 'confirm_password'], formRef.current);
      return;
    }
    setSaving(true);
    try {
      await accountApi.changePassword({ current_password: values.current_password, new_password: values.new_password });
      reset(EMPTY_PASSWORDS);
      notify.success(t('password.successTitle'), t('password.successBody'));
    } catch (error) {
      if (isApiError(error) && error.isSessionExpired) return;
      if (isApiError(error)) {
        const fields = serverFieldErrors(error.fields);
        // A wrong current password is a 401 without fields: it still belongs under that input.
        if (error.status === 401 && Object.keys(fields).length === 0) fields.current_password = errorMessage(error);
        if (Object.keys(fields).length > 0) {
          setErrors(fields);
          focusFirstError(fields, ['current_password', 'new_password', 'confirm_password'], formRef.current);
        }
      }
      notify.error(t('password.errorTitle'), errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileCard id="profile-password" title={t('password.title')} lead={t('password.lead')}>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={saving || undefined}>
        <div className="form-grid">
          <PasswordField
            name="current_password"
            className="span-6"
            label={t('password.current')}
            autoComplete="current-password"
            value={values.current_password}
            error={errors.current_password}
            disabled={saving}
            onChange={(event) => set({ current_password: event.target.value })}
          />
          <PasswordField
            name="new_password"
            className="span-3"
            label={t('password.next')}
            autoComplete="new-password"
            hint={t('password.nextHint')}
            value={values.new_password}
            error={errors.new_password}
            disabled={saving}
            onChange={(event) => set({ new_password: event.target.value })}
          />
          <PasswordField
            name="confirm_password"
            className="span-3"
            label={t('password.confirm')}
            autoComplete="new-password"
            value={values.confirm_password}
            error={errors.confirm_password}
            disabled={saving}
            onChange={(event) => set({ confirm_password: event.target.value })}
          />
        </div>
        <div className="form__actions">
          <Button type="submit" disabled={saving}>
            {saving ? t('password.submitting') : t('password.submit')}
          </Button>
        </div>
      </form>
    </ProfileCard>
  );
}
