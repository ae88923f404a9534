// The professional part of /professional-signup (docs/product/professionals.md#applications), validated with core's
// professionalApplicationSchema; the server's `fields` land on the same inputs. A new application is created before
// its photos; a rejected one sends its photo changes first and is then sent again.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { BRAZIL_UFS } from '../../../core/address/uf';
import { formatCnpj } from '../../../core/identity/cnpj';
import { formatCpf } from '../../../core/identity/cpf';
import { PIX_KEY_TYPES, type PixKeyType } from '../../../core/payments/pix-key';
import {
  BIO_MAX,
  BIO_MIN,
  PHOTO_MAX_BYTES,
  PORTFOLIO_MAX_PHOTOS,
  PORTFOLIO_MIN_PHOTOS,
  REGISTER_REQUIRED_BY_CATEGORY,
  portfolioRefusal,
  professionalApplicationSchema,
  type ProfessionalApplication,
} from '../../../core/professionals/professional-rules';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { MapPinIcon } from '../../components/icons';
import { PinPicker } from '../../components/map/pin-picker';
import type { MapPoint } from '../../components/map/map-view';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { isCompleteCep, lookupCep, lookupProblemOf, type CepLookupResult, type LookupProblem } from '../../lib/cep';
import { maskCep } from '../../lib/masks';
import { notify } from '../../lib/toast';
import { localizeMessage } from '../../lib/validation';
import { i18n } from '../../i18n';
import { onboardingApi, type MyApplication, type PlanCategory } from './api';
import { acceptFiles, PhotoPicker, useObjectUrlCleanup, type PhotoItem } from './photo-picker';
import { CityLocator } from './city-locator';

interface FormValues {
  category: string;
  register: { council: 'CRO'; number: string; uf: string };
  tax_id: string;
  business_name: string;
  cep: string;
  address_number: string;
  address_complement: string;
  latitude: number | null;
  longitude: number | null;
  bio: string;
  pix_key: { type: PixKeyType | ''; key: string };
}

/** The form's values as the API takes them: no register where the trade has none, empty optional text as null. */
export function toPayload(v: FormValues) {
  return {
    category: v.category,
    business_name: v.business_name,
    tax_id: v.tax_id,
    register: REGISTER_REQUIRED_BY_CATEGORY[v.category] ? v.register : null,
    cep: v.cep,
    address_number: v.address_number,
    address_complement: v.address_complement.trim() || null,
    latitude: v.latitude,
    longitude: v.longitude,
    bio: v.bio,
    pix_key: { type: v.pix_key.type || undefined, key: v.pix_key.key },
  };
}

/** core's schema, fed with the form's values. */
const formSchema = z.preprocess((v) => toPayload(v as FormValues), professionalApplicationSchema);
const resolver = zodResolver(formSchema as never) as unknown as Resolver<FormValues, unknown, ProfessionalApplication>;

const ADDRESS_KEYS = new Set(['cep', 'address_number', 'address_complement', 'latitude', 'longitude']);

/** '111.444.777-35' while typing 11 digits, '11.222.333/0001-81' beyond (CNPJs may carry letters). */
export function maskTaxId(value: string): string {
  const raw = value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return raw.length <= 11 && /^\d*$/.test(raw) ? formatCpf(raw) : formatCnpj(raw);
}

function initialValues(app: MyApplication | null): FormValues {
  return {
    category: app?.category ?? '',
    register: { council: 'CRO', number: app?.register?.number ?? '', uf: app?.register?.uf ?? '' },
    tax_id: app ? maskTaxId(app.tax_id) : '',
    business_name: app?.business_name ?? '',
    cep: app ? maskCep(app.cep) : '',
    address_number: app?.address_number ?? '',
    address_complement: app?.address_complement ?? '',
    latitude: app?.latitude ?? null,
    longitude: app?.longitude ?? null,
    bio: app?.bio ?? '',
    pix_key: { type: app?.pix_key.type ?? '', key: app?.pix_key.key ?? '' },
  };
}

type CepState = { status: 'idle' } | { status: 'loading' } | { status: 'found'; address: CepLookupResult } | { status: 'failed'; problem: LookupProblem };
type LocateState = { status: 'idle' } | { status: 'locating' } | { status: 'error'; message: string };

const errorText = (error: unknown) => (isApiError(error) ? error.message : i18n.t('errors.generic'));

export function ApplicationForm({ categories, application }: { categories: readonly PlanCategory[]; application: MyApplication | null }) {
  const { t } = useTranslation('professionalOnboarding');
  const navigate = useNavigate();
  const resubmit = application !== null;
  const form = useForm<FormValues, unknown, ProfessionalApplication>({
    resolver,
    defaultValues: initialValues(application),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { register, handleSubmit, watch, setValue, setError, formState } = form;
  const [photos, setPhotos] = useState<PhotoItem[]>(() => (application?.photos ?? []).map((p) => ({ kind: 'remote' as const, id: p.id, url: p.url })));
  const [removed, setRemoved] = useState<string[]>([]);
  const [photoNotes, setPhotoNotes] = useState<string[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [stage, setStage] = useState<{ status: 'idle' } | { status: 'sending' } | { status: 'uploading'; current: number; total: number }>({ status: 'idle' });
  const [cep, setCep] = useState<CepState>({ status: 'idle' });
  const [locate, setLocate] = useState<LocateState>({ status: 'idle' });
  const photoSection = useRef<HTMLElement>(null);
  const addressSection = useRef<HTMLElement>(null);
  // A pin far from the CEP's city: the server's question, and whether the person answered "confirm anyway".
  const [farQuestion, setFarQuestion] = useState<string | null>(null);
  const pinConfirmed = useRef(false);
  useObjectUrlCleanup(photos);

  const category = watch('category');
  const cepValue = watch('cep');
  // Set when the position came from the typed city (its centre), to say so instead of bare coordinates.
  const [byCity, setByCity] = useState<{ city: string; state: string } | null>(null);
  const bio = watch('bio');
  const latitude = watch('latitude');
  const longitude = watch('longitude');
  const needs = REGISTER_REQUIRED_BY_CATEGORY[category];
  const categoryName = categories.find((c) => c.slug === category)?.name ?? category;
  const busy = stage.status !== 'idle';

  // The CEP's address (shown read-only: the server stores what the CEP says) and whether it has coordinates.
  useEffect(() => {
    if (!isCompleteCep(cepValue)) {
      setCep({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setCep({ status: 'loading' });
    lookupCep(cepValue, controller.signal).then(
      (address) => setCep(address?.street || address?.city ? { status: 'found', address } : { status: 'failed', problem: 'not_found' }),
      (error: unknown) => {
        if (!controller.signal.aborted) setCep({ status: 'failed', problem: lookupProblemOf(error) });
      },
    );
    return () => controller.abort();
  }, [cepValue]);

  const errorOf = (name: string): string | undefined => {
    let node: unknown = formState.errors;
    for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const message = (node as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? localizeMessage(message) : undefined;
  };
  const field = (name: Path<FormValues>) => ({ ...register(name), error: errorOf(name), disabled: busy });

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      setLocate({ status: 'error', message: t('form.locationFailed') });
      return;
    }
    setLocate({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setValue('latitude', Number(position.coords.latitude.toFixed(6)), { shouldValidate: formState.isSubmitted });
        setValue('longitude', Number(position.coords.longitude.toFixed(6)), { shouldValidate: formState.isSubmitted });
        setByCity(null);
        setLocate({ status: 'idle' });
      },
      (failure) => setLocate({ status: 'error', message: failure.code === failure.PERMISSION_DENIED ? t('form.locationDenied') : t('form.locationFailed') }),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const addFiles = (files: File[]) => {
    const { accepted, refused } = acceptFiles(files, photos.length, (key, options) => t(key, options));
    setPhotoNotes(refused);
    if (accepted.length) {
      setPhotos((current) => [...current, ...accepted]);
      setPhotoError(undefined);
    }
  };
  const removePhoto = (item: PhotoItem) => {
    setPhotos((current) => current.filter((p) => p !== item));
    if (item.kind === 'remote') setRemoved((ids) => [...ids, item.id]);
    setPhotoNotes([]);
  };

  /** Sends the chosen files one by one; the sent ones become stored photos (a retry never sends them twice). */
  const uploadLocals = async (): Promise<string[]> => {
    const locals = photos.filter((p): p is Extract<PhotoItem, { kind: 'local' }> => p.kind === 'local');
    const failures: string[] = [];
    for (const [index, item] of locals.entries()) {
      setStage({ status: 'uploading', current: index + 1, total: locals.length });
      try {
        const stored = await onboardingApi.uploadPhoto(item.file, item.file.name);
        setPhotos((current) => current.map((p) => (p === item ? { kind: 'remote', id: stored.id, url: stored.url } : p)));
      } catch (error) {
        failures.push(`${item.file.name}: ${errorText(error)}`);
      }
    }
    return failures;
  };

  const showServerErrors = (error: unknown) => {
    if (isApiError(error) && error.code === 'pin_far_from_city') {
      setFarQuestion(error.message);
      addressSection.current?.scrollIntoView({ block: 'center' });
      return;
    }
    if (!isApiError(error)) {
      notify.error(t('form.errorTitle'), errorText(error));
      return;
    }
    if (error.code === 'portfolio_incomplete' || error.code === 'portfolio_full') {
      setPhotoError(error.message);
      photoSection.current?.scrollIntoView({ block: 'center' });
    }
    const keys = Object.keys(error.fields);
    for (const [name, message] of Object.entries(error.fields)) setError(name as Path<FormValues>, { type: 'server', message });
    const title = keys.some((k) => ADDRESS_KEYS.has(k)) ? t('form.addressErrorTitle') : t('form.errorTitle');
    notify.error(title, error.message);
  };

  const onValid = async (validated: ProfessionalApplication) => {
    const payload = { ...validated, pin_confirmed: pinConfirmed.current || undefined };
    const refusal = portfolioRefusal(photos.length);
    if (refusal) {
      setPhotoError(localizeMessage(refusal));
      photoSection.current?.scrollIntoView({ block: 'center' });
      return;
    }
    setStage({ status: 'sending' });
    try {
      if (resubmit) {
        // The photo changes first: the server sends a corrected application back only with 3–8 photos.
        for (const id of removed) {
          await onboardingApi.deletePhoto(id).catch((error: unknown) => {
            if (!(isApiError(error) && error.status === 404)) throw error;
          });
        }
        setRemoved([]);
        const failures = await uploadLocals();
        if (failures.length) {
          setPhotoNotes(failures);
          notify.error(t('photos.uploadError'), failures[0]!);
          return;
        }
        setStage({ status: 'sending' });
        await onboardingApi.apply(payload);
      } else {
        await onboardingApi.apply(payload);
        // The application exists now: photos that fail are completed on the pending page.
        const failures = await uploadLocals();
        if (failures.length) notify.error(t('form.photosErrorTitle'), t('form.photosErrorBody'));
      }
      notify.success(t('form.sentTitle'), t('form.sentBody'));
      void navigate('/professional-pending', { replace: true });
    } catch (error) {
      showServerErrors(error);
    } finally {
      setStage({ status: 'idle' });
    }
  };

  const found = cep.status === 'found' ? cep.address : null;
  const coordinatesKnown = latitude !== null && longitude !== null;
  // The pin starts where the person put it, else where the CEP puts the address (kept by the server unless moved).
  const pinValue: MapPoint | null = coordinatesKnown
    ? { latitude, longitude }
    : found && found.latitude !== null && found.longitude !== null
      ? { latitude: found.latitude, longitude: found.longitude }
      : null;
  const movePin = (point: MapPoint) => {
    setValue('latitude', point.latitude, { shouldValidate: formState.isSubmitted });
    setValue('longitude', point.longitude, { shouldValidate: formState.isSubmitted });
    setByCity(null);
    pinConfirmed.current = false;
    setFarQuestion(null);
  };
  const offerLocation = !coordinatesKnown && (cep.status === 'failed' || (found !== null && (found.latitude === null || found.longitude === null)));

  return (
    <form className="form onboarding-form" noValidate aria-busy={busy || undefined} onSubmit={handleSubmit(onValid)}>
      <section className="panel" aria-labelledby="pro-trade">
        <h2 id="pro-trade" className="panel__heading">
          {t('form.trade')}
        </h2>
        <div className="form-grid">
          <div className={`field${errorOf('category') ? ' field--invalid' : ''}`}>
            <label htmlFor="pro-category" className="field__label">
              {t('form.category')}
            </label>
            <select
              id="pro-category"
              className="field__input field__select"
              aria-invalid={errorOf('category') ? true : undefined}
              aria-describedby={errorOf('category') ? 'pro-category-error' : undefined}
              {...register('category')}
              disabled={busy}
            >
              <option value="">{t('form.categoryPlaceholder')}</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
            {errorOf('category') && (
              <p id="pro-category-error" className="field__error">
                {errorOf('category')}
              </p>
            )}
          </div>
          {needs && (
            <>
              <TextField
                {...field('register.number')}
                className="span-4"
                label={t('form.registerNumber', { council: needs.label })}
                inputMode="numeric"
                autoComplete="off"
                hint={t('form.registerHint', { category: categoryName })}
              />
              <div className={`field span-2${errorOf('register.uf') ? ' field--invalid' : ''}`}>
                <label htmlFor="pro-register-uf" className="field__label">
                  {t('form.registerUf', { council: needs.label })}
                </label>
                <select
                  id="pro-register-uf"
                  className="field__input field__select"
                  aria-invalid={errorOf('register.uf') ? true : undefined}
                  {...register('register.uf')}
                  disabled={busy}
                >
                  <option value="">{t('form.ufPlaceholder')}</option>
                  {BRAZIL_UFS.map((uf) => (
                    <option key={uf} value={uf}>
                      {uf}
                    </option>
                  ))}
                </select>
                {errorOf('register.uf') && <p className="field__error">{errorOf('register.uf')}</p>}
              </div>
            </>
          )}
        </div>
      </section>

      <section className="panel" aria-labelledby="pro-business">
        <h2 id="pro-business" className="panel__heading">
          {t('form.business')}
        </h2>
        <div className="form-grid">
          <TextField {...field('business_name')} className="span-3" label={t('form.businessName')} hint={t('form.businessNameHint')} autoComplete="organization" />
          <TextField
            {...register('tax_id', { onChange: (event: { target: { value: string } }) => setValue('tax_id', maskTaxId(event.target.value)) })}
            error={errorOf('tax_id')}
            disabled={busy}
            className="span-3"
            label={t('form.taxId')}
            hint={t('form.taxIdHint')}
            inputMode="text"
            maxLength={18}
            placeholder="000.000.000-00"
          />
          <div className="field">
            <label htmlFor="pro-bio" className="field__label">
              {t('form.bio')}
            </label>
            <textarea
              id="pro-bio"
              className="field__input onboarding-form__textarea"
              rows={5}
              maxLength={BIO_MAX}
              aria-invalid={errorOf('bio') ? true : undefined}
              aria-describedby="pro-bio-hint"
              {...register('bio')}
              disabled={busy}
            />
            {errorOf('bio') && <p className="field__error">{errorOf('bio')}</p>}
            <p id="pro-bio-hint" className="field__hint">
              {t('form.bioHint', { min: BIO_MIN, max: BIO_MAX })} · {t('form.bioCount', { count: bio.trim().length })}
            </p>
          </div>
        </div>
      </section>

      <section className="panel" aria-labelledby="pro-address" ref={addressSection}>
        <h2 id="pro-address" className="panel__heading">
          <MapPinIcon size={20} className="facts__icon" /> {t('form.address')}
        </h2>
        <div className="form-grid">
          <TextField
            {...register('cep', { onChange: (event: { target: { value: string } }) => setValue('cep', maskCep(event.target.value)) })}
            error={errorOf('cep')}
            disabled={busy}
            className="span-2 sm-4"
            label={t('form.cep')}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            trailing={cep.status === 'loading' ? <Spinner size={16} /> : undefined}
          />
          <TextField {...field('address_number')} className="span-1" label={t('form.number')} autoComplete="address-line2" />
          <TextField {...field('address_complement')} className="span-3" label={t('form.complement')} optional />
        </div>
        {cep.status === 'loading' && <p className="field__hint">{t('form.cepLooking')}</p>}
        {found && (
          <p className="onboarding-form__found" aria-live="polite">
            <span className="muted">{t('form.found')}: </span>
            {[found.street, found.district, found.city && found.state ? `${found.city}/${found.state}` : found.city].filter(Boolean).join(', ')}
          </p>
        )}
        {cep.status === 'failed' && (
          <p className="field__hint field__hint--warn" role="status">
            {cep.problem === 'rate_limited' ? t('address.rateLimited', { ns: 'common' }) : t(cep.problem === 'not_found' ? 'form.cepNotFound' : 'form.cepUnavailable')}
          </p>
        )}
        {(offerLocation || coordinatesKnown) && (
          <div className="callout callout--accent onboarding-form__locate">
            {coordinatesKnown ? (
              <p>{byCity ? t('form.locatedCity', byCity) : t('form.located', { lat: latitude.toFixed(5), lng: longitude.toFixed(5) })}</p>
            ) : (
              <>
                <p>{t('form.noCoordinates')}</p>
                <CityLocator
                  initialCity={found?.city}
                  initialState={found?.state}
                  disabled={busy}
                  onLocated={(place) => {
                    setValue('latitude', place.latitude, { shouldValidate: formState.isSubmitted });
                    setValue('longitude', place.longitude, { shouldValidate: formState.isSubmitted });
                    setByCity({ city: place.city, state: place.state });
                  }}
                />
              </>
            )}
            <div className="callout__actions">
              <Button variant="secondary" size="sm" onClick={useMyLocation} disabled={busy || locate.status === 'locating'}>
                {locate.status === 'locating' ? t('form.locating') : t('form.useLocation')}
              </Button>
              {coordinatesKnown && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  onClick={() => {
                    setValue('latitude', null);
                    setValue('longitude', null);
                    setByCity(null);
                    pinConfirmed.current = false;
                    setFarQuestion(null);
                  }}
                >
                  {t('form.clearLocation')}
                </Button>
              )}
            </div>
            {locate.status === 'error' && <p className="field__hint field__hint--warn">{locate.message}</p>}
            {errorOf('latitude') && <p className="field__error">{errorOf('latitude')}</p>}
          </div>
        )}
        <div className="onboarding-form__pin">
          <h3 className="onboarding-form__pin-title">{t('form.pinTitle')}</h3>
          <p className="muted">{t('form.pinLead')}</p>
          <PinPicker value={pinValue} onChange={movePin} disabled={busy} height={260} />
          {farQuestion && (
            <div className="callout callout--accent" role="alertdialog" aria-labelledby="pro-pin-question">
              <p id="pro-pin-question">{farQuestion}</p>
              <div className="callout__actions">
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() => {
                    pinConfirmed.current = true;
                    setFarQuestion(null);
                    void handleSubmit(onValid)();
                  }}
                >
                  {t('form.pinConfirm')}
                </Button>
                <Button variant="ghost" size="sm" disabled={busy} onClick={() => setFarQuestion(null)}>
                  {t('form.pinAdjust')}
                </Button>
              </div>
            </div>
          )}
        </div>
      </section>

      <section className="panel" aria-labelledby="pro-photos" ref={photoSection}>
        <h2 id="pro-photos" className="panel__heading">
          {t('form.photos')}
        </h2>
        <p className="muted">{t('form.photosLead', { min: PORTFOLIO_MIN_PHOTOS, max: PORTFOLIO_MAX_PHOTOS, mb: PHOTO_MAX_BYTES / (1024 * 1024) })}</p>
        <PhotoPicker items={photos} onAdd={addFiles} onRemove={removePhoto} error={photoError} notes={photoNotes} disabled={busy} />
      </section>

      <section className="panel" aria-labelledby="pro-pix">
        <h2 id="pro-pix" className="panel__heading">
          {t('form.pix')}
        </h2>
        <p className="muted">{t('form.pixLead')}</p>
        <div className="form-grid">
          <div className={`field span-2 onboarding-form__sm-full${errorOf('pix_key.type') ? ' field--invalid' : ''}`}>
            <label htmlFor="pro-pix-type" className="field__label">
              {t('form.pixType')}
            </label>
            <select id="pro-pix-type" className="field__input field__select" aria-invalid={errorOf('pix_key.type') ? true : undefined} {...register('pix_key.type')} disabled={busy}>
              <option value="">{t('form.pixTypePlaceholder')}</option>
              {PIX_KEY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`form.pixTypes.${type}`)}
                </option>
              ))}
            </select>
            {errorOf('pix_key.type') && <p className="field__error">{errorOf('pix_key.type')}</p>}
          </div>
          <TextField {...field('pix_key.key')} className="span-4 onboarding-form__sm-full" label={t('form.pixKey')} autoComplete="off" autoCapitalize="none" spellCheck={false} />
        </div>
      </section>

      <div className="onboarding-form__actions">
        <Button type="submit" size="lg" disabled={busy}>
          {stage.status === 'uploading'
            ? t('form.uploading', { current: stage.current, total: stage.total })
            : stage.status === 'sending'
              ? t('form.sending')
              : resubmit
                ? t('form.resubmit')
                : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
