// Terms and privacy share one layout: header, a table of contents, and numbered sections.
import './i18n';
import { useTranslation } from 'react-i18next';
import { HashLink } from '../../components/hash-link';
import { PRIVACY_EMAIL, SUPPORT_EMAIL } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Linkified, PageHeader } from './info-layout';

interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
  items?: string[];
  after?: string;
}

export function LegalDocument({ doc, path }: { doc: 'terms' | 'privacy'; path: string }) {
  const { t } = useTranslation('info');
  const vars = { support: SUPPORT_EMAIL, privacy: PRIVACY_EMAIL };
  const sections = t(`${doc}.sections`, { returnObjects: true, ...vars }) as unknown as LegalSection[];
  useDocumentTitle(t(`${doc}.docTitle`));

  return (
    <article className="legal">
      <PageHeader title={t(`${doc}.title`)} lead={t(`${doc}.lead`)} />
      <div className="container legal__grid">
        <nav className="legal__toc" aria-labelledby={`${doc}-toc`}>
          <h2 id={`${doc}-toc`} className="legal__toc-title">
            {t('toc')}
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <HashLink to={`#${section.id}`} page={path}>
                  {section.title.replace(/^\d+\.\s*/, '')}
                </HashLink>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal__body prose">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>{section.title}</h2>
              {section.paragraphs.map((paragraph, i) => (
                <p key={i}>
                  <Linkified text={paragraph} />
                </p>
              ))}
              {section.items && (
                <ul>
                  {section.items.map((item, i) => (
                    <li key={i}>{item}</li>
                  ))}
                </ul>
              )}
              {section.after && (
                <p>
                  <Linkified text={section.after} />
                </p>
              )}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
