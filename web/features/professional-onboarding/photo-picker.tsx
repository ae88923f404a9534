// The portfolio: thumbnails with remove (and, with `onMove`, earlier / later) buttons and an "add" tile. Files are
// checked here for type and size (the server checks the content again). Items are stored (`remote`) or chosen and
// waiting for the form to send them (`local`, previewed from an object URL).
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, PORTFOLIO_MAX_PHOTOS } from '../../../core/professionals/professional-rules';
import { AlertIcon, ArrowRightIcon, TrashIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';

export type PhotoItem = { kind: 'remote'; id: string; url: string } | { kind: 'local'; key: string; file: File; url: string };

export const photoKey = (item: PhotoItem) => (item.kind === 'remote' ? item.id : item.key);
const MB = PHOTO_MAX_BYTES / (1024 * 1024);

let counter = 0;
/** Local items for the chosen files that pass the checks, and a message for each one refused. */
export function acceptFiles(files: readonly File[], current: number, t: (key: string, options?: Record<string, unknown>) => string) {
  const accepted: PhotoItem[] = [];
  const refused: string[] = [];
  for (const file of files) {
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) refused.push(t('photos.wrongType', { name: file.name }));
    else if (file.size > PHOTO_MAX_BYTES) refused.push(t('photos.tooLargeNamed', { name: file.name, mb: MB }));
    else if (current + accepted.length >= PORTFOLIO_MAX_PHOTOS) {
      refused.push(t('photos.full', { max: PORTFOLIO_MAX_PHOTOS }));
      break;
    } else accepted.push({ kind: 'local', key: `local-${(counter += 1)}`, file, url: URL.createObjectURL(file) });
  }
  return { accepted, refused };
}

/** Revokes the object URLs of local items when they leave the list or the screen. */
export function useObjectUrlCleanup(items: readonly PhotoItem[]) {
  const live = useRef(new Set<string>());
  useEffect(() => {
    const now = new Set(items.filter((i) => i.kind === 'local').map((i) => i.url));
    for (const url of live.current) if (!now.has(url)) URL.revokeObjectURL(url);
    live.current = now;
  }, [items]);
  useEffect(() => () => live.current.forEach((url) => URL.revokeObjectURL(url)), []);
}

function MoveButton({ label, back = false, inactive, onMove }: { label: string; back?: boolean; inactive: boolean; onMove: () => void }) {
  return (
    <button
      type="button"
      className="photo-picker__move-btn"
      aria-label={label}
      title={label}
      aria-disabled={inactive || undefined}
      onClick={() => {
        if (!inactive) onMove();
      }}
    >
      <ArrowRightIcon size={16} className={back ? 'photo-picker__arrow--back' : undefined} />
    </button>
  );
}

export function PhotoPicker({
  items,
  onAdd,
  onRemove,
  onMove,
  error,
  notes = [],
  busy = false,
  disabled = false,
}: {
  items: readonly PhotoItem[];
  onAdd: (files: File[]) => void;
  onRemove: (item: PhotoItem) => void;
  /** Moves a stored photo one place earlier (-1) or later (+1); without it the order is fixed. */
  onMove?: ((item: PhotoItem, step: -1 | 1) => void) | undefined;
  error?: string | undefined;
  /** Files refused on the way in (type, size, count). */
  notes?: readonly string[];
  busy?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('professionalOnboarding');
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const full = items.length >= PORTFOLIO_MAX_PHOTOS;

  return (
    <div className={`photo-picker${error ? ' field--invalid' : ''}`}>
      <ul className="photo-picker__grid" aria-label={t('form.photos')}>
        {items.map((item, index) => (
          <li key={photoKey(item)} className="photo-picker__item">
            <img src={item.url} alt={t('photos.alt', { n: index + 1 })} className="photo-picker__img" />
            <button
              type="button"
              className="photo-picker__remove"
              aria-label={t('photos.remove', { n: index + 1 })}
              title={t('photos.remove', { n: index + 1 })}
              disabled={disabled || busy}
              onClick={() => onRemove(item)}
            >
              <TrashIcon size={16} />
            </button>
            {onMove && item.kind === 'remote' && (
              <div className="photo-picker__move">
                {/* aria-disabled, not disabled: the button that moved a photo to the end keeps the keyboard focus. */}
                <MoveButton label={t('photos.moveEarlier', { n: index + 1 })} back inactive={disabled || index === 0} onMove={() => onMove(item, -1)} />
                <MoveButton label={t('photos.moveLater', { n: index + 1 })} inactive={disabled || index === items.length - 1} onMove={() => onMove(item, 1)} />
              </div>
            )}
          </li>
        ))}
        {!full && (
          <li className="photo-picker__item photo-picker__item--add">
            <label htmlFor={inputId} className={`photo-picker__add${disabled || busy ? ' photo-picker__add--disabled' : ''}`}>
              {busy ? <Spinner size={20} /> : <span aria-hidden="true" className="photo-picker__plus">+</span>}
              <span>{busy ? t('photos.uploading') : t('photos.add')}</span>
            </label>
            <input
              id={inputId}
              name="photo"
              type="file"
              className="sr-only"
              accept={PHOTO_TYPES.join(',')}
              multiple
              disabled={disabled || busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = '';
                if (files.length) onAdd(files);
              }}
            />
          </li>
        )}
      </ul>
      <p className="field__hint" aria-live="polite">
        {t('photos.count', { count: items.length, max: PORTFOLIO_MAX_PHOTOS })}
      </p>
      {notes.map((note) => (
        <p key={note} className="field__hint field__hint--warn">
          {note}
        </p>
      ))}
      {error && (
        <p id={errorId} className="field__error">
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
