// Landing hero: headline, the entry-fee pitch, COMEÇAR AGORA and Ver planos, and a worked example.
import { useTranslation } from 'react-i18next';
import { computeEntryPrice } from '../../../core/catalog/entry-price';
import { formatCents } from '../../../core/shared/money';
import { ButtonLink } from '../../components/button';
import { HashLink } from '../../components/hash-link';
import { ArrowRightIcon, BadgeCheckIcon, RefundIcon, TicketIcon } from '../../components/icons';
import { trackInteraction } from '../../lib/experiment-tracker';

// Illustrative figures only (labelled as such on screen); the entry uses the core's 10% rule.
const EXAMPLE = { fullPrice: 120_000, groupPrice: 90_000, groupSize: 5, joined: 3 };

export function Hero() {
  const { t, i18n } = useTranslation('landing');
  const locale = i18n.language;
  const entry = computeEntryPrice(EXAMPLE.groupPrice);
  const seats = Array.from({ length: EXAMPLE.groupSize }, (_, i) => (i === 0 ? 'you' : i < EXAMPLE.joined ? 'friend' : 'open'));

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="eyebrow">{t('hero.eyebrow')}</p>
          <h1 id="hero-title" className="hero__title">
            {t('hero.title')}
          </h1>
          <p className="hero__pitch">{t('hero.pitch')}</p>
          <div className="hero__actions">
            <ButtonLink to="/auth" size="lg" onClick={() => trackInteraction('landing.cta_start')}>
              {t('hero.cta')}
              <ArrowRightIcon size={20} />
            </ButtonLink>
            <HashLink to="#planos" className="btn btn--secondary btn--lg" onClick={() => trackInteraction('landing.see_plans')}>
              {t('hero.seePlans')}
            </HashLink>
          </div>
          <ul className="hero__perks">
            <li>
              <TicketIcon size={18} />
              {t('hero.perks.entry')}
            </li>
            <li>
              <RefundIcon size={18} />
              {t('hero.perks.refund')}
            </li>
            <li>
              <BadgeCheckIcon size={18} />
              {t('hero.perks.pros')}
            </li>
          </ul>
        </div>

        <figure className="example-card" aria-labelledby="example-title">
          <div className="example-card__head">
            <p id="example-title" className="example-card__title">
              {t('hero.example.title')}
            </p>
            <span className="chip">{t('hero.example.badge')}</span>
          </div>
          <dl className="example-card__rows">
            <div>
              <dt>{t('hero.example.fullPrice')}</dt>
              <dd>
                <s>{formatCents(EXAMPLE.fullPrice, locale)}</s>
              </dd>
            </div>
            <div>
              <dt>{t('hero.example.groupPrice')}</dt>
              <dd className="example-card__group-price">{formatCents(EXAMPLE.groupPrice, locale)}</dd>
            </div>
            <div className="example-card__entry">
              <dt>
                {t('hero.example.entry')}
                <small>{t('hero.example.entryNote')}</small>
              </dt>
              <dd>{formatCents(entry, locale)}</dd>
            </div>
          </dl>
          <div className="example-card__group">
            <ul className="seats" aria-hidden="true">
              {seats.map((kind, i) => (
                <li key={i} className={`seat seat--${kind}`} title={t(`hero.example.${kind}`)}>
                  {kind === 'you' ? t('hero.example.you').slice(0, 1) : ''}
                </li>
              ))}
            </ul>
            <p>{t('hero.example.group', { count: EXAMPLE.groupSize })}</p>
          </div>
          <figcaption className="example-card__note">{t('hero.example.note')}</figcaption>
        </figure>
      </div>
    </section>
  );
}
