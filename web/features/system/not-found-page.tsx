// The not-found screen of SPEC §2: 'Oops! Page not found' and a link back home.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.docTitle'));
  return (
    <section className="container status-screen" aria-labelledby="not-found-title">
      <p className="status-screen__code" aria-hidden="true">404</p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p className="status-screen__lead">{t('notFound.body')}</p>
      <Link to="/" className="btn btn--primary btn--md">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
