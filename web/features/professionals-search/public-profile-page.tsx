// /profissionais/:id: an approved professional's public profile (photos, bio, category, register, rating, published
// reviews with replies, the address on a map, the plans whose vouchers can be redeemed there). Anything else
// (unknown, not approved) → the not-found screen.
import './i18n';
import './professionals-search.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { ButtonLink } from '../../components/button';
import { BadgeCheckIcon, MapPinIcon, SparklesIcon } from '../../components/icons';
import { MapView } from '../../components/map/map-view';
import { EmptyState, ErrorState, LoadingState } from '../../components/resource-states';
import { isApiError } from '../../lib/api';
import { useApiQuery } from '../../lib/query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { professionalsSearchApi, professionalsSearchKeys, type PublicProfessional, type ServiceCategory, type ServicePlan } from './api';
import { initials } from './professional-card';
import { Stars } from './stars';

interface Loaded {
  professional: PublicProfessional;
  plans: ServicePlan[];
  categories: ServiceCategory[];
}

export default function PublicProfilePage({ notFound }: { notFound: ReactNode }) {
  const { id = '' } = useParams();
  const { t } = useTranslation('professionalsSearch');
  const { state, retry } = useApiQuery(professionalsSearchKeys.profile(id), async (signal): Promise<Loaded> => {
    const [professional, plans, categories] = await Promise.all([
      professionalsSearchApi.profile(id, signal),
      professionalsSearchApi.servicePlans(signal).catch(() => [] as ServicePlan[]),
      professionalsSearchApi.categories(signal).catch(() => [] as ServiceCategory[]),
    ]);
    return { professional, plans, categories };
  });
  useDocumentTitle(state.status === 'ready' ? t('profile.docTitle', { name: state.data.professional.business_name }) : t('profile.loading'));

  if (state.status === 'error' && isApiError(state.error) && state.error.status === 404) return <>{notFound}</>;

  return (
    <div className="container page pro-profile">
      <p className="pro-profile__back">
        <Link to="/marketplace/services">← {t('profile.back')}</Link>
      </p>
      {state.status === 'loading' && <LoadingState label={t('profile.loading')} />}
      {state.status === 'error' && <ErrorState title={t('profile.error')} message={state.error.message} retryLabel={t('retry')} onRetry={retry} />}
      {state.status === 'ready' && <Profile {...state.data} />}
    </div>
  );
}

function Profile({ professional: p, plans, categories }: Loaded) {
  const { t, i18n } = useTranslation('professionalsSearch');
  const categoryName = categories.find((c) => c.slug === p.category)?.name ?? p.category;
  const redeemable = plans.filter((plan) => plan.category?.slug === p.category);
  // The number alone (no street from the CEP) says nothing: it goes with its street only.
  const street = p.street ? [p.street, p.number].filter(Boolean).join(', ') : '';
  const place = [p.district, [p.city, p.state].filter(Boolean).join('/')].filter(Boolean).join(' · ');
  // In Brasília time: the server renders this page (in UTC) and the browser hydrates it; a review posted after 21:00
  // would otherwise show two different days.
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'America/Sao_Paulo' });

  return (
    <article className="pro-profile__body" aria-labelledby="pro-profile-name">
      <header className="pro-profile__head">
        <div className="pro-profile__avatar" aria-hidden="true">
          {p.photos[0] ? <img src={p.photos[0].url} alt="" /> : <span>{initials(p.business_name)}</span>}
        </div>
        <div className="pro-profile__title">
          <p className="pro-card__category">
            {categoryName}
            {p.featured && <span className="pro-badge">{t('card.featured')}</span>}
          </p>
          <h1 id="pro-profile-name">{p.business_name}</h1>
          {p.full_name !== p.business_name && <p className="muted">{p.full_name}</p>}
          <p className="pro-card__rating">
            {p.total_reviews > 0 && <Stars rating={p.rating_average} size={18} />}
            <span className="pro-card__reviews">{t('card.reviews', { count: p.total_reviews })}</span>
          </p>
          {p.register && (
            <p className="pro-profile__register">
              <BadgeCheckIcon size={16} />
              <span>
                {t('profile.register')}: {p.register}
              </span>
            </p>
          )}
        </div>
      </header>

      {p.photos.length > 0 && (
        <section className="pro-profile__section" aria-labelledby="pro-photos">
          <h2 id="pro-photos" className="page__section-title">
            {t('profile.photos')}
          </h2>
          {/* Focusable: on a phone the photos scroll sideways, which a keyboard can only do from inside the list. */}
          <ul className="pro-photos" role="list" tabIndex={0} aria-labelledby="pro-photos">
            {p.photos.map((photo, i) => (
              <li key={photo.id}>
                <img src={photo.url} alt={t('profile.photoAlt', { n: i + 1, total: p.photos.length, name: p.business_name })} loading="lazy" decoding="async" />
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="pro-profile__columns">
        <div className="pro-profile__main">
          <section className="pro-profile__section" aria-labelledby="pro-about">
            <h2 id="pro-about" className="page__section-title">
              {t('profile.about')}
            </h2>
            <p className="pro-profile__bio">{p.bio}</p>
          </section>

          <section className="pro-profile__section" aria-labelledby="pro-plans">
            <h2 id="pro-plans" className="page__section-title">
              {t('profile.plans')}
            </h2>
            {redeemable.length === 0 ? (
              <p className="muted">{t('profile.noPlans')}</p>
            ) : (
              <>
                <p className="muted">{t('profile.plansHint', { category: categoryName })}</p>
                <ul className="pro-plans" role="list">
                  {redeemable.map((plan) => (
                    <li key={plan.id} className="pro-plans__item">
                      <span className="pro-plans__name">{plan.name}</span>
                      <span className="pro-plans__price">
                        <span className="sr-only">{t('profile.groupPrice')}: </span>
                        {formatCents(plan.price, i18n.language)}
                      </span>
                    </li>
                  ))}
                </ul>
                <ButtonLink to="/marketplace/services" variant="secondary" size="sm">
                  {t('profile.seePlans')}
                </ButtonLink>
              </>
            )}
          </section>

          <section className="pro-profile__section" aria-labelledby="pro-reviews">
            <h2 id="pro-reviews" className="page__section-title">
              {t('profile.reviews')}
            </h2>
            {p.reviews.length === 0 ? (
              <EmptyState icon={<SparklesIcon size={28} />} title={t('profile.noReviews')} />
            ) : (
              <ul className="pro-reviews" role="list">
                {p.reviews.map((r) => (
                  <li key={r.id} className="pro-review">
                    <div className="pro-review__head">
                      <Stars rating={r.rating} showNumber={false} />
                      <span className="muted">{t('profile.reviewBy', { name: r.first_name, date: dateFormat.format(new Date(r.created_at)) })}</span>
                    </div>
                    {r.comment && <p className="pro-review__comment">{r.comment}</p>}
                    {r.reply && (
                      <div className="pro-review__reply">
                        <p className="pro-review__reply-label">{t('profile.reply')}</p>
                        <p>{r.reply}</p>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside className="pro-profile__aside" aria-labelledby="pro-address">
          <h2 id="pro-address" className="page__section-title">
            {t('profile.address')}
          </h2>
          <address className="pro-profile__address">
            <MapPinIcon size={16} />
            <span>
              {street || place ? (
                <>
                  {street && <span className="pro-profile__line">{street}</span>}
                  {place && <span className="pro-profile__line">{place}</span>}
                </>
              ) : (
                t('profile.noAddress')
              )}
            </span>
          </address>
          {p.latitude !== null && p.longitude !== null ? (
            <MapView
              markers={[{ id: p.id, latitude: p.latitude, longitude: p.longitude, label: p.business_name, detail: [street, place].filter(Boolean).join(' · ') }]}
              label={t('profile.map', { name: p.business_name })}
              height={280}
              zoom={15}
            />
          ) : (
            <p className="muted">{t('profile.noMap')}</p>
          )}
        </aside>
      </div>
    </article>
  );
}
