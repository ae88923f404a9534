// Progress of a group: x of N paid as a bar, and the seats (members' first names, reserved places,
// free places). First names only, as docs/product/group-purchase.md promises members.
import { useTranslation } from 'react-i18next';
import './i18n';

export interface SeatMember {
  first_name: string;
  /** 'paid' or 'reserved' (a place held, not paid yet). */
  status?: string;
  is_me?: boolean;
}

export function GroupProgress({
  paid,
  size,
  placesLeft,
  members,
  showSeats = true,
}: {
  paid: number;
  size: number;
  placesLeft?: number;
  members?: readonly SeatMember[];
  showSeats?: boolean;
}) {
  const { t } = useTranslation('group-card');
  const percent = size > 0 ? Math.min(100, Math.round((paid / size) * 100)) : 0;
  const label = t('progress.label', { paid, size });
  const list = members ?? [];
  // The public view lists paid members only: places held by others show as anonymous reservations.
  const anonReserved = placesLeft !== undefined ? Math.max(0, size - list.length - placesLeft) : 0;
  const free = Math.max(0, size - list.length - anonReserved);

  return (
    <div className="group-progress">
      <div className="group-progress__head">
        <span className="group-progress__count">
          <strong>{paid}</strong>/{size}
          <span className="sr-only"> — {label}</span>
        </span>
        <span className="muted" aria-hidden="true">
          {label}
        </span>
        {placesLeft !== undefined && (
          <span className="group-progress__left">{placesLeft > 0 ? t('progress.placesLeft', { count: placesLeft }) : t('progress.full')}</span>
        )}
      </div>
      <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={size} aria-valuenow={paid}>
        <span className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      {showSeats && size <= 20 && (
        <ul className="seat-list" aria-label={t('progress.members')}>
          {list.map((member, index) => {
            const reserved = member.status === 'reserved';
            const name = member.is_me ? t('progress.you') : member.first_name;
            return (
              <li key={index} className={`seat-chip${member.is_me ? ' seat-chip--me' : ''}${reserved ? ' seat-chip--reserved' : ''}`}>
                <span className="seat-chip__avatar" aria-hidden="true">
                  {(member.first_name || '?').slice(0, 1).toUpperCase()}
                </span>
                <span>
                  {name}
                  {reserved && <span className="seat-chip__note"> · {t('progress.reserved')}</span>}
                </span>
              </li>
            );
          })}
          {Array.from({ length: anonReserved }, (_, index) => (
            <li key={`held-${index}`} className="seat-chip seat-chip--reserved">
              <span className="seat-chip__avatar" aria-hidden="true">
                ·
              </span>
              <span>{t('progress.held')}</span>
            </li>
          ))}
          {Array.from({ length: free }, (_, index) => (
            <li key={`free-${index}`} className="seat-chip seat-chip--free">
              <span className="seat-chip__avatar" aria-hidden="true">
                +
              </span>
              <span>{t('progress.open')}</span>
            </li>
          ))}
        </ul>
      )}
      {showSeats && size > 20 && list.length > 0 && (
        <p className="muted group-progress__names">{list.map((m) => (m.is_me ? t('progress.you') : m.first_name)).join(', ')}</p>
      )}
    </div>
  );
}
