// The pin placed by hand (docs/product/professionals.md#the-pin-by-hand): the shared map with one draggable marker,
// a tap places it, and — for keyboards and screen readers — arrow buttons and typed coordinates do the same. The
// server checks the result (inside Brazil, near the CEP's city or confirmed); this only moves it.
import './pin-picker.css';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { ArrowRightIcon } from '../icons';
import { MapView, type MapPoint } from './map-view';

/** About 100 m of latitude; longitude steps are widened by the latitude so each arrow moves the same distance. */
const STEP_DEGREES = 0.0009;
const round = (n: number) => Math.round(n * 1e6) / 1e6;

export function nudge(point: MapPoint, direction: 'north' | 'south' | 'west' | 'east'): MapPoint {
  const lngStep = STEP_DEGREES / Math.max(0.2, Math.cos((point.latitude * Math.PI) / 180));
  const moves = { north: [STEP_DEGREES, 0], south: [-STEP_DEGREES, 0], west: [0, -lngStep], east: [0, lngStep] } as const;
  const [dLat, dLng] = moves[direction];
  return { latitude: round(point.latitude + dLat), longitude: round(point.longitude + dLng) };
}

const DIRECTIONS = [
  { key: 'north', rotate: -90 },
  { key: 'west', rotate: 180 },
  { key: 'east', rotate: 0 },
  { key: 'south', rotate: 90 },
] as const;

export function PinPicker({
  value,
  onChange,
  disabled = false,
  height = 280,
}: {
  value: MapPoint | null;
  onChange: (point: MapPoint) => void;
  disabled?: boolean;
  height?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState({ latitude: '', longitude: '' });
  const [typedError, setTypedError] = useState(false);
  useEffect(() => {
    setTyped(value ? { latitude: String(value.latitude), longitude: String(value.longitude) } : { latitude: '', longitude: '' });
    setTypedError(false);
  }, [value]);

  const move = (point: MapPoint) => {
    if (!disabled) onChange({ latitude: round(point.latitude), longitude: round(point.longitude) });
  };
  const applyTyped = () => {
    const latitude = Number(typed.latitude.replace(',', '.'));
    const longitude = Number(typed.longitude.replace(',', '.'));
    const ok = typed.latitude.trim() !== '' && typed.longitude.trim() !== '' && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
    setTypedError(!ok);
    if (ok) move({ latitude, longitude });
  };

  return (
    <div className="pin-picker">
      <MapView
        markers={[]}
        label={t('pin.map')}
        height={height}
        zoom={15}
        onPick={disabled ? undefined : move}
        pin={value ? { ...value, label: t('pin.marker'), onMove: move } : null}
      />
      <p className="field__hint">{value ? t('pin.hint') : t('pin.none')}</p>
      <fieldset className="pin-picker__keys" disabled={disabled}>
        <legend className="pin-picker__legend">{t('pin.keyboard')}</legend>
        <div className="pin-picker__row">
          <div className="pin-picker__arrows" role="group" aria-label={t('pin.keyboard')}>
            {DIRECTIONS.map((d) => (
              <button
                key={d.key}
                type="button"
                className={`btn btn--secondary btn--sm pin-picker__arrow pin-picker__arrow--${d.key}`}
                aria-label={t(`pin.${d.key}`)}
                title={t(`pin.${d.key}`)}
                disabled={!value}
                onClick={() => value && move(nudge(value, d.key))}
              >
                <ArrowRightIcon size={16} style={{ transform: `rotate(${d.rotate}deg)` }} />
              </button>
            ))}
          </div>
          <div className="pin-picker__typed">
            <div className="field">
              <label htmlFor={`${id}-lat`} className="field__label">
                {t('pin.latitude')}
              </label>
              <input id={`${id}-lat`} className="field__input" inputMode="decimal" autoComplete="off" value={typed.latitude} onChange={(e) => setTyped((v) => ({ ...v, latitude: e.target.value }))} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-lng`} className="field__label">
                {t('pin.longitude')}
              </label>
              <input id={`${id}-lng`} className="field__input" inputMode="decimal" autoComplete="off" value={typed.longitude} onChange={(e) => setTyped((v) => ({ ...v, longitude: e.target.value }))} />
            </div>
            <Button variant="secondary" size="sm" onClick={applyTyped}>
              {t('pin.apply')}
            </Button>
          </div>
        </div>
        <p className={`field__hint${typedError ? ' field__hint--warn' : ''}`} role="status">
          {typedError ? t('pin.invalid') : t('pin.keyboardHint')}
        </p>
      </fieldset>
    </div>
  );
}
