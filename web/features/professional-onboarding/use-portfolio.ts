// The portfolio edited photo by photo (each change sent at once), shared by the pending page and /professional/photos.
// A move shows at once and is sent in turn (the last order sent wins); a refused one puts the server's order back.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isApiError } from '../../lib/api';
import { apiClient } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { i18n } from '../../i18n';
import { onboardingApi, type MyApplication } from './api';
import { acceptFiles, photoKey, type PhotoItem } from './photo-picker';

export function usePortfolio(
  application: MyApplication,
  onChanged: () => void,
  confirm: { added?: (count: number) => void; removed?: () => void } = {},
) {
  const { t } = useTranslation('professionalOnboarding');
  const [busy, setBusy] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);
  // The order shown while moves are on their way (null: the server's).
  const [order, setOrder] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const sending = useRef<Promise<unknown>>(Promise.resolve());
  const byId = new Map(application.photos.map((p) => [p.id, p]));
  const shown = order && order.length === byId.size && order.every((id) => byId.has(id)) ? order.map((id) => byId.get(id)!) : application.photos;
  const items: PhotoItem[] = shown.map((p) => ({ kind: 'remote', id: p.id, url: p.url }));

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

  const move = (item: PhotoItem, step: -1 | 1) => {
    const ids = items.map(photoKey);
    const from = ids.indexOf(photoKey(item));
    const to = from + step;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    setOrder(ids);
    setAnnouncement(t('photos.moved', { n: to + 1, count: ids.length }));
    sending.current = sending.current.then(async () => {
      try {
        const { error, response } = await apiClient.PUT('/api/me/professional/photos/order', { body: { photo_ids: ids } });
        if (error) throw new ApiError(response.status, error.error.code, error.error.message);
      } catch (problem) {
        setOrder(null);
        notify.error(t('photos.moveError'), isApiError(problem) ? problem.message : i18n.t('errors.generic'));
        onChanged();
      }
    });
  };

  return { items, busy, notes, add, remove, move, announcement };
}
