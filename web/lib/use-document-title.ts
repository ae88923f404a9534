// Sets the tab title for a screen ("Termos de uso · Turma"); the landing keeps the full product title.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function useDocumentTitle(title: string | null) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? t('meta.titleTemplate', { title }) : t('meta.defaultTitle');
  }, [title, t]);
}
