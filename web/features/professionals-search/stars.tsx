// A rating as five stars (filled to the tenth), with its number for everyone: screen readers read "Nota 4,5 de 5".
import { useTranslation } from 'react-i18next';
import { formatRating } from './format';

const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z';

export function Stars({ rating, size = 16, showNumber = true }: { rating: number; size?: number; showNumber?: boolean }) {
  const { t, i18n } = useTranslation('professionalsSearch');
  const value = formatRating(rating, i18n.language);
  return (
    <span className="pro-stars" role="img" aria-label={t('card.rating', { rating: value })}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, rating - i));
        return (
          <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="pro-stars__star">
            <path d={STAR} className="pro-stars__empty" />
            {fill > 0 && <path d={STAR} className="pro-stars__full" style={{ clipPath: `inset(0 ${100 - fill * 100}% 0 0)` }} />}
          </svg>
        );
      })}
      {showNumber && (
        <span className="pro-stars__number" aria-hidden="true">
          {value}
        </span>
      )}
    </span>
  );
}
