// One professional of the nearby results: photo, business and person's name, category, stars and reviews count,
// distance ("2,3 km") and the "Destaque" badge; the name's link (covering the card) opens the public profile.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MapPinIcon } from '../../components/icons';
import { professionalPath, type NearbyProfessional } from './api';
import { formatDistance } from './format';
import { Stars } from './stars';

export function ProfessionalCard({ professional: p, categoryName }: { professional: NearbyProfessional; categoryName: string }) {
  const { t, i18n } = useTranslation('professionalsSearch');
  const titleId = `pro-${p.id}-name`;
  return (
    <article className={`pro-card${p.featured ? ' pro-card--featured' : ''}`} aria-labelledby={titleId}>
      <div className="pro-card__media">
        {p.photo_url ? (
          <img src={p.photo_url} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="pro-card__initials" aria-hidden="true">
            {initials(p.business_name)}
          </span>
        )}
        {p.featured && <span className="pro-badge pro-card__badge">{t('card.featured')}</span>}
      </div>
      <div className="pro-card__body">
        <p className="pro-card__category">{categoryName}</p>
        <h3 id={titleId} className="pro-card__name">
          <Link to={professionalPath(p.id)}>{p.business_name}</Link>
        </h3>
        {p.full_name !== p.business_name && <p className="pro-card__person">{p.full_name}</p>}
        <p className="pro-card__rating">
          {p.total_reviews > 0 && <Stars rating={p.rating_average} />}
          <span className="pro-card__reviews">{t('card.reviews', { count: p.total_reviews })}</span>
        </p>
        <p className="pro-card__distance">
          <MapPinIcon size={15} />
          <span>
            {t('card.distance', { distance: formatDistance(p.distance_km, i18n.language) })}
            {p.city ? ` · ${p.city}` : ''}
          </span>
        </p>
      </div>
    </article>
  );
}

export function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
