// The portfolio edited photo by photo (each change sent at once), shared by the pending page and /professional/photos.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { i18n } from '../../i18n';
import { onboardingApi, type MyApplication } from './api';
import { acceptFiles, type PhotoItem } from './photo-picker';

export function usePortfolio(
  application: MyApplication,
  onChanged: () => void,
  confirm: { added?: (count: number) => void; removed?: () => void } = {},
) {
  const { t } = useTranslation('professionalOnboarding');
  const [busy, setBusy] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);
  const items: PhotoItem[] = application.photos.map((p) => ({ kind: 'remote', id: p.id, url: p.url }));

  const add = async (files: File[]) => {
    const { accepted, refused } = acceptFiles(files, items.length, (key, options) => t(key, options));
    setBusy(true);
    const problems = [...refused];
    let sent = 0;
    for (const item of accepted) {
      if (item.kind !== 'local') continue;
      try {
        await onboardingApi.uploadPhoto(item.file, item.file.name);
        sent += 1;
      } catch (error) {
        problems.push(`${item.file.name}: ${isApiError(error) ? error.message : i18n.t('errors.generic')}`);
      } finally {
        URL.revokeObjectURL(item.url);
      }
    }
    setNotes(problems);
    setBusy(false);
    if (sent > 0) confirm.added?.(sent);
    onChanged();
  };

  const remove = async (item: PhotoItem) => {
    if (item.kind !== 'remote') return;
    setBusy(true);
    try {
      await onboardingApi.deletePhoto(item.id);
      confirm.removed?.();
    } catch (error) {
      // 409 portfolio_minimum: the server's message says to send another photo first.
      notify.error(t('photos.removeError'), isApiError(error) ? error.message : i18n.t('errors.generic'));
    }
    setBusy(false);
    onChanged();
  };

  return { items, busy, notes, add, remove };
}
