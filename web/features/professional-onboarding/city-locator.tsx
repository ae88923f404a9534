// The typed-address way to a map position when the CEP gives none (the CEP service down, or a CEP with no coordinates):
// the city and UF, placed through GET /api/geocode at the city's centre; the professional may also send without it.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAZIL_UFS } from '../../../core/address/uf';
import { Button } from '../../components/button';
import { geocodeCity, lookupProblemOf } from '../../lib/cep';

type Status = { status: 'idle' } | { status: 'locating' } | { status: 'failed'; message: string };

export function CityLocator({
  initialCity = '',
  initialState = '',
  disabled,
  onLocated,
}: {
  initialCity?: string | undefined;
  initialState?: string | undefined;
  disabled: boolean;
  onLocated: (place: { latitude: number; longitude: number; city: string; state: string }) => void;
}) {
  const { t } = useTranslation('professionalOnboarding');
  const id = useId();
  const [city, setCity] = useState(initialCity);
  const [state, setState] = useState(initialState);
  const [status, setStatus] = useState<Status>({ status: 'idle' });

  const locate = async () => {
    const name = city.trim();
    if (!name || !state) {
      setStatus({ status: 'failed', message: t('form.cityRequired') });
      return;
    }
    setStatus({ status: 'locating' });
    try {
      const place = await geocodeCity(name, state);
      setStatus({ status: 'idle' });
      onLocated({ ...place, city: name, state });
    } catch (error) {
      const problem = lookupProblemOf(error);
      setStatus({ status: 'failed', message: problem === 'rate_limited' ? t('address.rateLimited', { ns: 'common' }) : t(problem === 'not_found' ? 'form.cityNotFound' : 'form.cityUnavailable') });
    }
  };

  return (
    <fieldset className="city-locator" disabled={disabled}>
      <legend className="city-locator__legend">{t('form.cityLegend')}</legend>
      <div className="city-locator__row">
        <div className="field city-locator__city">
          <label htmlFor={`${id}-city`} className="field__label">
            {t('form.city')}
          </label>
          <input id={`${id}-city`} className="field__input" autoComplete="address-level2" value={city} onChange={(event) => setCity(event.target.value)} />
        </div>
        <div className="field city-locator__uf">
          <label htmlFor={`${id}-uf`} className="field__label">
            {t('form.cityUf')}
          </label>
          <select id={`${id}-uf`} className="field__input field__select" autoComplete="address-level1" value={state} onChange={(event) => setState(event.target.value)}>
            <option value="">{t('form.ufPlaceholder')}</option>
            {BRAZIL_UFS.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void locate()} disabled={status.status === 'locating'}>
          {status.status === 'locating' ? t('form.cityLocating') : t('form.cityLocate')}
        </Button>
      </div>
      <p className={`field__hint${status.status === 'failed' ? ' field__hint--warn' : ''}`} role="status">
        {status.status === 'failed' ? status.message : t('form.cityHint')}
      </p>
    </fieldset>
  );
}
