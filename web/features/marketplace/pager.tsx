// Previous / "Página x de y" / next, for the catalogue and the order list.
import './i18n';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';

/** `pages` null: the count was capped, so the last page is unknown and a next one exists. */
export function Pager({ page, pages, label, onPage }: { page: number; pages: number | null; label: string; onPage: (page: number) => void }) {
  const { t } = useTranslation('marketplace');
  if (pages !== null && pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span aria-current="page">{pages === null ? t('pager.page', { page }) : t('pager.pageOf', { page, pages })}</span>
      <Button variant="secondary" size="sm" disabled={pages !== null && page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
