// The landing page (docs/product/spec.md §2): hero, how it works, plans, lazily loaded showcases and FAQ.
import './i18n';
import { lazy, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button';
import { focusSection } from '../../components/hash-link';
import { LazyWhenVisible } from '../../components/lazy-when-visible';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePlans } from '../../lib/plans-api';
import { trackInteraction } from '../../lib/experiment-tracker';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { PlansSection } from '../../components/plans/plans-section';
import { CampaignOfferBanner } from '../../components/campaigns/campaign-offer-banner';

const ServicesShowcase = lazy(() => import('./services-showcase'));
const MarketplaceShowcase = lazy(() => import('./marketplace-showcase'));
const Faq = lazy(() => import('./faq'));

function LazySection({ id, eyebrow, title, subtitle, tinted, slotClassName, children }: {
  id: string;
  /** Sizes the placeholder like the section's content (styles.css), so nothing below jumps when it arrives. */
  slotClassName: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} className={`section${tinted ? ' section--tinted' : ''}`} aria-labelledby={`${id}-title`}>
      <div className="container">
        <header className="section__head">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={`${id}-title`}>{title}</h2>
          {subtitle && <p>{subtitle}</p>}
        </header>
        <LazyWhenVisible slotClassName={slotClassName}>{children}</LazyWhenVisible>
      </div>
    </section>
  );
}

/** A first load of "/#planos" renders after the router's own scroll attempt: scroll once here. */
function useInitialHashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    focusSection(target);
    // Only on mount: later hash changes are scrolled by the router.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export default function LandingPage() {
  const { t } = useTranslation('landing');
  useDocumentTitle(null);
  useInitialHashScroll();
  const { state, retry } = usePlans();

  return (
    <>
      <Hero />
      <div className="container landing__offer">
        <CampaignOfferBanner />
      </div>
      <HowItWorks />
      <PlansSection state={state} onRetry={retry} />
      <LazySection id="servicos" eyebrow={t('services.eyebrow')} title={t('services.title')} subtitle={t('services.subtitle')} slotClassName="lazy-slot--services">
        <ServicesShowcase state={state} />
      </LazySection>
      <LazySection id="marketplace" eyebrow={t('marketplace.eyebrow')} title={t('marketplace.title')} tinted slotClassName="lazy-slot--marketplace">
        <MarketplaceShowcase />
      </LazySection>
      <LazySection id="duvidas" title={t('faq.title')} subtitle={t('faq.subtitle')} slotClassName="lazy-slot--faq">
        <Faq />
      </LazySection>
      <section className="final-cta" aria-labelledby="final-title">
        <div className="container">
          <div className="final-cta__inner">
            <div>
              <h2 id="final-title">{t('final.title')}</h2>
              <p>{t('final.body')}</p>
            </div>
            <ButtonLink to="/auth" size="lg" onClick={() => trackInteraction('landing.cta_final')}>
              {t('final.cta')}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
