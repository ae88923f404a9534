// The professional's own profile on the dashboard: summary (category, status, photos — managed on
// /professional/photos), and three small forms through PATCH /api/me/professional: business name and bio, the
// service address's number and complement, the map pin (location-form.tsx), and the PIX key for payouts.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { UserIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { professionalApi, type MyProfessional, type ProfessionalPatch } from './api';
import { LocationForm } from './location-form';

const PIX_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'] as const;
type PixType = (typeof PIX_TYPES)[number];
type Errors = Record<string, string>;

/** Runs one PATCH and hands back the saved profile, or the field errors to show. */
function useSave(onSaved: (p: MyProfessional) => void) {
  const { t } = useTranslation('professionalDashboard');
  const [saving, setSaving] = useState(false);
  const save = async (patch: ProfessionalPatch, okMessage: string, failTitle: string): Promise<Errors | null> => {
    setSaving(true);
    try {
      const saved = await professionalApi.update(patch);
      onSaved(saved);
      notify.success(okMessage);
      return null;
    } catch (err) {
      if (isApiError(err) && err.isSessionExpired) return {};
      if (isApiError(err) && err.status === 400 && Object.keys(err.fields).length) return err.fields;
      notify.error(failTitle, isApiError(err) ? err.message : t('redeem.errors.generic'));
      return {};
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className="pro-profile__section" aria-labelledby={id}>
      <h3 id={id} className="pro-profile__subtitle">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function ProfilePanel({ profile, categoryName, onSaved }: { profile: MyProfessional; categoryName: (slug: string | null) => string; onSaved: (p: MyProfessional) => void }) {
  const { t } = useTranslation('professionalDashboard');
  const id = useId();
  return (
    <section className="panel pro-profile" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__heading">
        <UserIcon size={20} /> {t('profile.title')}
      </h2>
      <dl className="facts">
        <div>
          <dt>{t('profile.category')}</dt>
          <dd>{categoryName(profile.category)}</dd>
        </div>
        <div>
          <dt>{t('redeem.status')}</dt>
          <dd>
            <span className="status-chip status-chip--tone-ok">{t('statusApproved')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('profile.photos')}</dt>
          <dd>
            {t('profile.photosCount', { count: profile.photos.length })} · <Link to="/professional/photos">{t('profile.managePhotos')}</Link>
          </dd>
        </div>
      </dl>
      {profile.photos.length > 0 && (
        <ul className="pro-profile__photos" role="list">
          {profile.photos.slice(0, 4).map((photo) => (
            <li key={photo.id}>
              <img src={photo.url} alt="" loading="lazy" width={72} height={72} />
            </li>
          ))}
        </ul>
      )}
      <AboutForm profile={profile} onSaved={onSaved} />
      <AddressForm profile={profile} onSaved={onSaved} />
      <LocationForm profile={profile} onSaved={onSaved} />
      <PixForm profile={profile} onSaved={onSaved} />
    </section>
  );
}

function AboutForm({ profile, onSaved }: { profile: MyProfessional; onSaved: (p: MyProfessional) => void }) {
  const { t } = useTranslation('professionalDashboard');
  const id = useId();
  const [name, setName] = useState(profile.business_name);
  const [bio, setBio] = useState(profile.bio);
  const [errors, setErrors] = useState<Errors>({});
  const { saving, save } = useSave(onSaved);
  const dirty = name !== profile.business_name || bio !== profile.bio;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (name.trim().length < 2) local.business_name = t('profile.nameShort');
    if (bio.trim().length < 30) local.bio = t('profile.bioShort');
    setErrors(local);
    if (Object.keys(local).length) return;
    setErrors((await save({ business_name: name.trim(), bio: bio.trim() }, t('profile.saved'), t('profile.error'))) ?? {});
  };

  return (
    <Section title={t('profile.about')} id={`${id}-about`}>
      <form className="form pro-profile__form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={t('profile.businessName')} name="business_name" value={name} maxLength={120} error={errors.business_name} onChange={(e) => setName(e.target.value)} />
        <div className={`field${errors.bio ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-bio`} className="field__label">
            {t('profile.bio')}
          </label>
          <textarea
            id={`${id}-bio`}
            name="bio"
            className="field__input pro-profile__bio"
            rows={5}
            maxLength={1500}
            value={bio}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={`${id}-bio-hint${errors.bio ? ` ${id}-bio-error` : ''}`}
            onChange={(e) => setBio(e.target.value)}
          />
          {errors.bio && (
            <p id={`${id}-bio-error`} className="field__error">
              {errors.bio}
            </p>
          )}
          <p id={`${id}-bio-hint`} className="field__hint">
            {t('profile.bioHint')} ({bio.trim().length}/1500)
          </p>
        </div>
        <div className="form__actions form__actions--start">
          <Button type="submit" size="sm" disabled={saving || !dirty}>
            {saving ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function AddressForm({ profile, onSaved }: { profile: MyProfessional; onSaved: (p: MyProfessional) => void }) {
  const { t } = useTranslation('professionalDashboard');
  const id = useId();
  const [number, setNumber] = useState(profile.address_number ?? '');
  const [complement, setComplement] = useState(profile.address_complement ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const { saving, save } = useSave(onSaved);
  const dirty = number !== (profile.address_number ?? '') || complement !== (profile.address_complement ?? '');
  const cep = /^\d{8}$/.test(profile.cep) ? `${profile.cep.slice(0, 5)}-${profile.cep.slice(5)}` : profile.cep;
  const line = [profile.address_street, profile.address_district, [profile.address_city, profile.address_state].filter(Boolean).join('/'), cep]
    .filter(Boolean)
    .join(' · ');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!number.trim()) {
      setErrors({ address_number: t('profile.numberRequired') });
      return;
    }
    setErrors(
      (await save({ address_number: number.trim(), address_complement: complement.trim() || null }, t('profile.addressSaved'), t('profile.addressError'))) ?? {},
    );
  };

  return (
    <Section title={t('profile.address')} id={`${id}-address`}>
      <p className="pro-profile__address">{line}</p>
      <form className="form pro-profile__form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="form-grid">
          <TextField label={t('profile.number')} name="address_number" value={number} maxLength={20} error={errors.address_number} onChange={(e) => setNumber(e.target.value)} />
          <TextField
            label={t('profile.complement')}
            name="address_complement"
            value={complement}
            maxLength={80}
            optional
            error={errors.address_complement}
            onChange={(e) => setComplement(e.target.value)}
          />
        </div>
        <p className="field__hint">{t('profile.addressHint')}</p>
        <div className="form__actions form__actions--start">
          <Button type="submit" size="sm" disabled={saving || !dirty}>
            {saving ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function PixForm({ profile, onSaved }: { profile: MyProfessional; onSaved: (p: MyProfessional) => void }) {
  const { t } = useTranslation('professionalDashboard');
  const id = useId();
  const [type, setType] = useState<PixType>(profile.pix_key.type);
  const [key, setKey] = useState(profile.pix_key.key);
  const [errors, setErrors] = useState<Errors>({});
  const { saving, save } = useSave(onSaved);
  const dirty = type !== profile.pix_key.type || key !== profile.pix_key.key;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = (await save({ pix_key: { type, key: key.trim() } }, t('profile.pixSaved'), t('profile.error'))) ?? {};
    setErrors({ key: fields['pix_key.key'] ?? fields.pix_key ?? fields['pix_key.type'] ?? '' });
  };

  return (
    <Section title={t('profile.pix')} id={`${id}-pix`}>
      <form className="form pro-profile__form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${id}-type`} className="field__label">
              {t('profile.pixType')}
            </label>
            <select id={`${id}-type`} className="field__input field__select" value={type} onChange={(e) => setType(e.target.value as PixType)}>
              {PIX_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`profile.pixTypes.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <TextField label={t('profile.pixKey')} name="pix_key" value={key} maxLength={120} autoComplete="off" error={errors.key || undefined} onChange={(e) => setKey(e.target.value)} />
        </div>
        <div className="form__actions form__actions--start">
          <Button type="submit" size="sm" disabled={saving || !dirty}>
            {saving ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}
