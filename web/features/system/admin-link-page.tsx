// In production the server routes /admin/* to the back-office app; the Vite dev server of the
// customer app does not, so point the developer there with a full page load.
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function AdminLinkPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  return (
    <section className="container status-screen" aria-labelledby="admin-title">
      <h1 id="admin-title">{t('admin.title')}</h1>
      <p className="status-screen__lead">{t('admin.body')}</p>
      <a href="/admin/" className="btn btn--primary btn--md">
        {t('admin.link')}
      </a>
    </section>
  );
}
