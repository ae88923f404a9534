// "Profissionais perto de você" on /marketplace/services (docs/product/professionals.md#nearby-search-ranking): searches
// from the browser's position, else the profile's coordinates, else a typed CEP or city; results as cards (primary) and
// on a map (an aid). With fewer than 5 the user chooses to widen the radius: the order never changes silently.
import './i18n';
import './professionals-search.css';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { NEARBY_NATIONWIDE_KM, NEARBY_RADIUS_STEPS_KM } from '../../../core/professionals/nearby-radius';
import { Button } from '../../components/button';
import { MapPinIcon, SearchIcon, UsersIcon } from '../../components/icons';
import { EmptyState, ErrorState } from '../../components/resource-states';
import { Spinner } from '../../components/spinner';
import { MapView, type MapMarker } from '../../components/map/map-view';
import { lookupProblemOf } from '../../lib/cep';
import { maskCep, onlyDigits } from '../../lib/masks';
import { useApiQuery } from '../../lib/query';
import { notify } from '../../lib/toast';
import { useSession } from '../../lib/session';
import {
  DEFAULT_RADIUS_KM,
  NEARBY_PER_PAGE,
  professionalPath,
  professionalsSearchApi,
  professionalsSearchKeys,
  type NearbyAnswer,
  type NearbySearch,
} from './api';
import { formatDistance, formatRadius } from './format';
import { currentPosition, geolocationAlreadyGranted, GeolocationFailure, type GeoFailure } from './geolocation';
import { ProfessionalCard } from './professional-card';

type Origin = { latitude: number; longitude: number; source: 'device' | 'profile' | 'cep' | 'city'; cep?: string; place?: string };

/** Below this many results the "widen" offer shows (the server's rule; it sends `wider` then). */
const WIDER_BELOW = 5;

export default function NearbyProfessionals() {
  const { t, i18n } = useTranslation('professionalsSearch');
  const headingId = useId();
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [locating, setLocating] = useState(false);
  const [geoFailure, setGeoFailure] = useState<GeoFailure | null>(null);
  const [radiusKm, setRadiusKm] = useState(DEFAULT_RADIUS_KM);
  const [page, setPage] = useState(1);
  // The category is in the address (?category=): a voucher's "Encontrar profissionais que aceitam" opens it filtered.
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const setCategory = useCallback(
    (slug: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (slug) next.set('category', slug);
          else next.delete('category');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
      setPage(1);
    },
    [setParams],
  );

  // The signed-in user's profile coordinates come from the session the app already read (GET /api/me), not a second call.
  const session = useSession();
  const categories = useQuery({ queryKey: professionalsSearchKeys.categories(), queryFn: ({ signal }) => professionalsSearchApi.categories(signal), staleTime: 5 * 60_000 });
  const profile = session.status === 'signedIn' ? session.profile : null;
  const profileCoordinates = useMemo(
    () => (profile && profile.latitude !== null && profile.longitude !== null ? { latitude: profile.latitude, longitude: profile.longitude } : null),
    [profile],
  );

  const choose = useCallback((next: Origin) => {
    setOrigin(next);
    setRadiusKm(DEFAULT_RADIUS_KM);
    setPage(1);
  }, []);

  const locate = useCallback(async () => {
    setLocating(true);
    setGeoFailure(null);
    try {
      const position = await currentPosition();
      choose({ ...position, source: 'device' });
    } catch (error) {
      const reason = error instanceof GeolocationFailure ? error.reason : 'unknown';
      setGeoFailure(reason);
      notify.error(t(`geo.${reason}`), undefined, { id: 'nearby-geolocation' });
    } finally {
      setLocating(false);
    }
  }, [choose, t]);

  // Start on its own once: the device when the site already has the permission, else the profile's coordinates.
  const started = useRef(false);
  const [startDone, setStartDone] = useState(false);
  useEffect(() => {
    if (started.current || session.status === 'loading') return;
    started.current = true;
    void (async () => {
      if (await geolocationAlreadyGranted()) await locate();
      setStartDone(true);
    })();
  }, [session.status, locate]);
  // The fallback: a failed (or not attempted) location, and the signed-in user's profile has coordinates.
  useEffect(() => {
    if (startDone && !origin && !locating && profileCoordinates) choose({ ...profileCoordinates, source: 'profile' });
  }, [startDone, origin, locating, profileCoordinates, choose]);

  const search: NearbySearch | null = origin ? { latitude: origin.latitude, longitude: origin.longitude, radiusKm, category, page } : null;
  const results = useApiQuery(
    search ? professionalsSearchKeys.nearby(search) : ['professionals-search', 'nearby', 'idle'],
    (signal) => professionalsSearchApi.nearby(search!, signal),
    { enabled: !!search },
  );
  const failed = results.state.status === 'error';
  useEffect(() => {
    if (failed) notify.error(t('nearby.error'), undefined, { id: 'nearby-error' });
  }, [failed, t]);

  const categoryName = useMemo(() => {
    const names = new Map((categories.data ?? []).map((c) => [c.slug, c.name]));
    return (slug: string) => names.get(slug) ?? slug;
  }, [categories.data]);

  // While another page, radius or category loads, the previous results stay (dimmed) instead of blinking out.
  const lastData = useRef<NearbyAnswer | null>(null);
  if (results.state.status === 'ready') lastData.current = results.state.data;
  if (!search || results.state.status === 'error') lastData.current = null;
  const data = lastData.current;
  const refreshing = results.state.status === 'loading' && !!data;
  const markers: MapMarker[] = useMemo(
    () =>
      (data?.items ?? []).map((p) => ({
        id: p.id,
        latitude: p.latitude,
        longitude: p.longitude,
        label: p.business_name,
        detail: `${categoryName(p.category)} · ${formatDistance(p.distance_km, i18n.language)}`,
        href: professionalPath(p.id),
        linkLabel: t('card.open', { name: p.business_name }),
        highlight: p.featured,
      })),
    [data, categoryName, i18n.language, t],
  );

  const pages = data ? Math.max(1, Math.ceil(data.total / NEARBY_PER_PAGE)) : 1;
  // "100 km" or "todo o Brasil"; "em até 100 km" or "em todo o Brasil".
  const radiusName = (km: number) => (km >= NEARBY_NATIONWIDE_KM ? t('nearby.nationwide') : t('nearby.km', { radius: formatRadius(km, i18n.language) }));
  const within = (km: number) => (km >= NEARBY_NATIONWIDE_KM ? t('nearby.withinNationwide') : t('nearby.within', { radius: formatRadius(km, i18n.language) }));
  const categoryLabel = category ? categoryName(category) : '';
  // Nobody further either (the server counted up to the whole country): widening is no answer, another category is.
  const nobodyAnywhere = !!data && data.total === 0 && (radiusKm >= NEARBY_NATIONWIDE_KM || (!!data.wider && data.wider.total === 0));

  return (
    <section className="page__section nearby" aria-labelledby={headingId}>
      <header className="nearby__head">
        <div>
          <h2 id={headingId} className="page__section-title">
            {t('nearby.title')}
          </h2>
          <p className="muted">{t('nearby.lead')}</p>
        </div>
      </header>

      <div className="nearby__controls">
        <div className="nearby__where">
          <p className="nearby__origin" aria-live="polite">
            <MapPinIcon size={16} />
            <span>
              {locating
                ? t('nearby.locating')
                : origin
                  ? origin.source === 'cep'
                    ? t('nearby.from.cep', { cep: maskCep(origin.cep ?? '') })
                    : origin.source === 'city'
                      ? t('nearby.from.city', { place: origin.place ?? '' })
                      : t(`nearby.from.${origin.source}`)
                  : t('nearby.choose')}
            </span>
          </p>
          {geoFailure && (
            <p className="nearby__geo-error" role="alert">
              {t(`geo.${geoFailure}`)}. {origin?.source === 'profile' ? t('geo.fallbackProfile') : origin ? '' : t('geo.fallbackCep')}
            </p>
          )}
          <div className="nearby__actions">
            <Button variant="secondary" size="sm" onClick={() => void locate()} disabled={locating}>
              {locating ? <Spinner size={16} /> : <MapPinIcon size={16} />}
              {t('nearby.useLocation')}
            </Button>
            <CepSearch
              onFound={(found) => choose({ ...found, source: found.place ? 'city' : 'cep' })}
              cityHint={{ city: profile?.address_city ?? '', state: profile?.address_state ?? '' }}
            />
          </div>
        </div>

        {(categories.data?.length ?? 0) > 1 && (
          <nav className="category-chips nearby__categories" aria-label={t('nearby.category')}>
            <ul role="list">
              <li>
                <button type="button" className="category-chip" aria-pressed={!category} onClick={() => setCategory('')}>
                  {t('nearby.allCategories')}
                </button>
              </li>
              {categories.data!.map((c) => (
                <li key={c.id}>
                  <button type="button" className="category-chip" aria-pressed={category === c.slug} onClick={() => setCategory(c.slug)}>
                    {c.name}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        )}

        {origin && (
          <div className="category-chips nearby__radius" role="group" aria-labelledby={`${headingId}-radius`}>
            <span id={`${headingId}-radius`} className="nearby__radius-label">
              {t('nearby.radiusLegend')}
            </span>
            <ul role="list">
              {NEARBY_RADIUS_STEPS_KM.map((step) => (
                <li key={step}>
                  <button type="button" className="category-chip" aria-pressed={radiusKm === step} onClick={() => (setRadiusKm(step), setPage(1))}>
                    {radiusName(step)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      {search && results.state.status === 'loading' && !data && (
        <div className="nearby__loading" role="status">
          <Spinner size={24} />
          <span>{t('nearby.loading')}</span>
        </div>
      )}

      {results.state.status === 'error' && (
        <ErrorState title={t('nearby.error')} message={results.state.error.message} retryLabel={t('retry')} onRetry={results.retry} />
      )}

      {data && (
        <div className={`nearby__results${refreshing ? ' nearby__results--refreshing' : ''}`} aria-busy={refreshing || undefined}>
          <div className="nearby__list">
            <p className="nearby__count" aria-live="polite">
              {data.total > 0 && t('nearby.count', { count: data.total, within: within(radiusKm) })}
            </p>
            {data.items.length === 0 ? (
              <EmptyState
                icon={<UsersIcon size={28} />}
                title={
                  nobodyAnywhere
                    ? categoryLabel
                      ? t('nearby.emptyCategoryAnywhere', { category: categoryLabel })
                      : t('nearby.emptyAnywhere')
                    : categoryLabel
                      ? t('nearby.emptyCategory', { category: categoryLabel, within: within(radiusKm) })
                      : t('nearby.empty', { within: within(radiusKm) })
                }
                hint={nobodyAnywhere ? t('nearby.emptyAnywhereHint') : t('nearby.emptyHint')}
              />
            ) : (
              <ul className="pro-grid" role="list">
                {data.items.map((p) => (
                  <li key={p.id}>
                    <ProfessionalCard professional={p} categoryName={categoryName(p.category)} />
                  </li>
                ))}
              </ul>
            )}
            {data.items.length < WIDER_BELOW && data.wider && data.wider.total > data.total && (
              <Button
                variant="primary"
                size="sm"
                className="nearby__wider"
                onClick={() => {
                  setRadiusKm(data.wider!.radius_km);
                  setPage(1);
                }}
              >
                <SearchIcon size={16} />
                {t('nearby.wider', { count: data.wider.total, to: radiusName(data.wider.radius_km) })}
              </Button>
            )}
            {radiusKm !== DEFAULT_RADIUS_KM && (
              <button type="button" className="link-btn nearby__reset" onClick={() => (setRadiusKm(DEFAULT_RADIUS_KM), setPage(1))}>
                {t('nearby.backToDefault', { radius: formatRadius(DEFAULT_RADIUS_KM, i18n.language) })}
              </button>
            )}
            {pages > 1 && (
              <nav className="nearby__pager" aria-label={t('nearby.pageOf', { page, pages })}>
                <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('nearby.previous')}
                </Button>
                <span>{t('nearby.pageOf', { page, pages })}</span>
                <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  {t('nearby.next')}
                </Button>
              </nav>
            )}
          </div>
          <div className="nearby__map">
            <MapView
              markers={markers}
              origin={origin ? { latitude: origin.latitude, longitude: origin.longitude, label: t('nearby.you') } : null}
              label={t('nearby.mapLabel')}
              loadingLabel={t('nearby.mapLoading')}
              height="100%"
              zoom={12}
            />
          </div>
        </div>
      )}
    </section>
  );
}

type FoundOrigin = { latitude: number; longitude: number; cep?: string; place?: string };

/**
 * "Buscar por CEP". No such CEP: check the number. A CEP without a map position: its city's centre. The CEP service
 * down: say so and offer the city (prefilled from the profile when known) beside "Usar minha localização" — no dead end.
 */
function CepSearch({ onFound, cityHint }: { onFound: (found: FoundOrigin) => void; cityHint: { city: string; state: string } }) {
  const { t } = useTranslation('professionalsSearch');
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [byCity, setByCity] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cep = onlyDigits(value);
    if (cep.length !== 8) return setError(t('nearby.cepInvalid'));
    setBusy(true);
    setError(null);
    try {
      const found = await professionalsSearchApi.cepLocation(cep);
      if (found.latitude !== null && found.longitude !== null) {
        setByCity(false);
        return onFound({ latitude: found.latitude, longitude: found.longitude, cep });
      }
      // The CEP is known but the map service had no position for its street: its city is close enough to search from.
      const city = await professionalsSearchApi.cityLocation(found.city, found.state).catch((e: unknown) => lookupProblemOf(e));
      if (typeof city === 'string') setError(city === 'rate_limited' ? t('address.rateLimited', { ns: 'common' }) : t(city === 'not_found' ? 'nearby.cepNoPosition' : 'nearby.mapUnavailable'));
      else onFound({ ...city, cep, place: `${found.city}/${found.state}` });
    } catch (failure) {
      const problem = lookupProblemOf(failure);
      if (problem === 'not_found') return setError(t('nearby.cepNotFound'));
      setError(problem === 'rate_limited' ? t('address.rateLimited', { ns: 'common' }) : t(problem === 'offline' ? 'nearby.cepOffline' : 'nearby.cepUnavailable'));
      setByCity(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className="nearby__cep" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="sr-only">
          {t('nearby.cepLabel')}
        </label>
        <input
          id={inputId}
          className="field__input"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder={t('nearby.cepPlaceholder')}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setValue(maskCep(e.target.value))}
        />
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          {busy ? <Spinner size={16} /> : <SearchIcon size={16} />}
          {t('nearby.cepSubmit')}
        </Button>
        {error && (
          <p id={errorId} className="field__error nearby__cep-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {byCity && (
        <CitySearch
          initial={cityHint}
          onFound={(found) => {
            setByCity(false);
            setError(null);
            onFound(found);
          }}
        />
      )}
    </>
  );
}

/** The way on when the CEP service is down: a city and UF, placed by the map service (GET /api/geocode). */
function CitySearch({ initial, onFound }: { initial: { city: string; state: string }; onFound: (found: FoundOrigin) => void }) {
  const { t } = useTranslation('professionalsSearch');
  const cityId = useId();
  const stateId = useId();
  const errorId = useId();
  const [city, setCity] = useState(initial.city);
  const [state, setState] = useState(initial.state);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!city.trim()) return setError(t('nearby.cityRequired'));
    if (!/^[A-Z]{2}$/.test(state)) return setError(t('nearby.stateRequired'));
    setBusy(true);
    setError(null);
    try {
      const found = await professionalsSearchApi.cityLocation(city.trim(), state);
      onFound({ ...found, place: `${city.trim()}/${state}` });
    } catch (failure) {
      const problem = lookupProblemOf(failure);
      setError(problem === 'rate_limited' ? t('address.rateLimited', { ns: 'common' }) : t(problem === 'not_found' ? 'nearby.cityNotFound' : problem === 'offline' ? 'nearby.cepOffline' : 'nearby.mapUnavailable'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="nearby__cep nearby__city" onSubmit={submit} noValidate aria-label={t('nearby.cityForm')}>
      <label htmlFor={cityId} className="sr-only">
        {t('nearby.cityLabel')}
      </label>
      <input
        id={cityId}
        className="field__input nearby__city-name"
        autoComplete="address-level2"
        placeholder={t('nearby.cityLabel')}
        value={city}
        maxLength={80}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setCity(e.target.value)}
      />
      <label htmlFor={stateId} className="sr-only">
        {t('nearby.stateLabel')}
      </label>
      <input
        id={stateId}
        className="field__input nearby__city-state"
        autoComplete="address-level1"
        autoCapitalize="characters"
        placeholder={t('nearby.statePlaceholder')}
        value={state}
        maxLength={2}
        onChange={(e) => setState(e.target.value.replace(/[^a-zA-Z]/g, '').toUpperCase())}
      />
      <Button type="submit" variant="secondary" size="sm" disabled={busy}>
        {busy ? <Spinner size={16} /> : <SearchIcon size={16} />}
        {t('nearby.citySubmit')}
      </Button>
      {error && (
        <p id={errorId} className="field__error nearby__cep-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
