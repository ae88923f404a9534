// The not-found screen of docs/product/spec.md §2: the heading 'Oops! Page not found' is the spec's wording, in English in every
// locale (hence lang="en"); the line under it says it in the visitor's language and what to do next.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.docTitle'));
  return (
    <section className="container status-screen" aria-labelledby="not-found-title">
      <p className="status-screen__code" aria-hidden="true">404</p>
      <h1 id="not-found-title" lang="en">
        {t('notFound.title')}
      </h1>
      <p className="status-screen__lead">
        <strong className="status-screen__subtitle">{t('notFound.subtitle')}</strong> {t('notFound.body')}
      </p>
      <Link to="/" className="btn btn--primary btn--md">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
