// /about — what Turma is and how it keeps everyone's money safe.
import './i18n';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeader } from './info-layout';

interface AboutSection {
  title: string;
  body: string;
}

export default function AboutPage() {
  const { t } = useTranslation('info');
  useDocumentTitle(t('about.docTitle'));
  const sections = t('about.sections', { returnObjects: true }) as unknown as AboutSection[];

  return (
    <>
      <PageHeader eyebrow={t('about.eyebrow')} title={t('about.title')} lead={t('about.lead')} />
      <div className="container about">
        <div className="about__grid">
          {sections.map((section, i) => (
            <section key={i} className="card" aria-labelledby={`about-${i}`}>
              <h2 id={`about-${i}`}>{section.title}</h2>
              <p>{section.body}</p>
            </section>
          ))}
        </div>
        <div className="about__actions">
          <ButtonLink to="/professional-signup">{t('about.ctaPro')}</ButtonLink>
          <ButtonLink to="/influencer-signup" variant="secondary">
            {t('about.ctaInfluencer')}
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
