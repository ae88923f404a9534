// The professional's map pin on the dashboard (docs/product/professionals.md#the-pin-by-hand): dragged, tapped or
// moved by the arrow buttons, then saved through PUT /api/me/professional/location. A pin far from the CEP's city comes
// back as a question (409 pin_far_from_city) the person answers before it is kept.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { PinPicker } from '../../components/map/pin-picker';
import type { MapPoint } from '../../components/map/map-view';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { professionalApi, type MyProfessional } from './api';

const pointOf = (p: MyProfessional): MapPoint | null => (p.latitude !== null && p.longitude !== null ? { latitude: p.latitude, longitude: p.longitude } : null);

export function LocationForm({ profile, onSaved }: { profile: MyProfessional; onSaved: (p: MyProfessional) => void }) {
  const { t } = useTranslation('professionalDashboard');
  const { t: common } = useTranslation();
  const id = useId();
  const saved = pointOf(profile);
  const [point, setPoint] = useState<MapPoint | null>(saved);
  const [saving, setSaving] = useState(false);
  const [question, setQuestion] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const dirty = point !== null && (saved === null || point.latitude !== saved.latitude || point.longitude !== saved.longitude);

  const moveTo = (next: MapPoint) => {
    setPoint(next);
    setQuestion(null);
    setProblem(null);
  };

  const save = async (confirmed: boolean) => {
    if (!point) return;
    setSaving(true);
    try {
      const updated = await professionalApi.moveLocation({ ...point, ...(confirmed ? { pin_confirmed: true } : {}) });
      setQuestion(null);
      setProblem(null);
      onSaved(updated);
      notify.success(t('profile.locationSaved'));
    } catch (error) {
      if (isApiError(error) && error.code === 'pin_far_from_city') setQuestion(error.message);
      else if (isApiError(error) && error.status === 400) setProblem(error.message);
      else if (!(isApiError(error) && error.isSessionExpired)) notify.error(t('profile.locationError'), isApiError(error) ? error.message : t('redeem.errors.generic'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="pro-profile__section" aria-labelledby={`${id}-location`}>
      <h3 id={`${id}-location`} className="pro-profile__subtitle">
        {t('profile.location')}
      </h3>
      <p className="muted">{t('profile.locationLead')}</p>
      <PinPicker value={point} onChange={moveTo} disabled={saving} />
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      {question ? (
        <div className="callout callout--accent" role="alertdialog" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`}>{question}</p>
          <div className="callout__actions">
            <Button size="sm" onClick={() => void save(true)} disabled={saving}>
              {common('pin.confirm')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setQuestion(null)} disabled={saving}>
              {common('pin.adjust')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="form__actions form__actions--start">
          <Button size="sm" onClick={() => void save(false)} disabled={saving || !dirty}>
            {saving ? t('profile.saving') : t('profile.locationSave')}
          </Button>
          {dirty && (
            <Button variant="ghost" size="sm" onClick={() => moveTo(saved ?? point!)} disabled={saving || saved === null}>
              {t('profile.locationReset')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
