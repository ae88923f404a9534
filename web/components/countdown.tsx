// A live countdown to an ISO instant: "04:59" for short holds (PIX, reserved place), "12 dias e 3 h"
// for group deadlines. A <time> element (its datetime is the exact instant); not a live region, so a
// screen reader is not interrupted every second.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clockText, remainingUntil, useNow, type Remaining } from '../lib/use-now';

export function useCountdownText() {
  const { t } = useTranslation();
  return (r: Remaining, variant: 'clock' | 'long') => {
    if (variant === 'clock') return clockText(r);
    if (r.days > 0) return t('countdown.daysHours', { days: t('countdown.days', { count: r.days }), hours: r.hours });
    if (r.hours > 0) return t('countdown.hoursMinutes', { hours: r.hours, minutes: r.minutes });
    return clockText(r);
  };
}

export function Countdown({
  to,
  variant = 'long',
  expiredText,
  onExpire,
  className,
}: {
  to: string;
  variant?: 'clock' | 'long';
  expiredText?: string;
  onExpire?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const format = useCountdownText();
  const remaining = remainingUntil(to, now);
  const expired = remaining?.expired ?? false;
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  });
  useEffect(() => {
    if (expired) onExpireRef.current?.();
  }, [expired]);

  if (!remaining) return null;
  return (
    <time dateTime={to} className={['countdown', expired && 'countdown--expired', className].filter(Boolean).join(' ')}>
      {expired ? (expiredText ?? t('countdown.expired')) : format(remaining, variant)}
    </time>
  );
}
