// The sonner toaster, configured (docs/product/spec.md §9: top-center, 2 s, 3 visible, 14 px gap) and themed. Its
// own chunk: loaded right after the first render, so the landing does not ship it up front.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster, toast } from 'sonner';
import { useTheme } from './theme';
import { TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_VISIBLE } from './toast';

export default function SonnerToaster({ onReady }: { onReady: (api: typeof toast) => void }) {
  const { t } = useTranslation();
  const { preference } = useTheme();
  // Runs after <Toaster>'s own effects (children first): it is listening by now.
  useEffect(() => onReady(toast), [onReady]);
  return (
    <Toaster
      position="top-center"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE}
      gap={TOAST_GAP_PX}
      theme={preference}
      className="toaster"
      containerAriaLabel={t('toast.region')}
      toastOptions={{ classNames: { toast: 'toast', title: 'toast__title', description: 'toast__description' } }}
    />
  );
}
