// An accessible modal on the native <dialog> (showModal): focus stays inside, the page behind is
// inert, Esc closes it, and focus returns to whatever opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { XIcon } from './icons';

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  tone,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg';
  tone?: 'danger';
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      if (dialog.open) dialog.close();
      document.body.style.overflow = previousOverflow;
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}${tone ? ` dialog--${tone}` : ''}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Esc: let React state drive the closing (the effect's cleanup closes the element).
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // Chromium closes a dialog opened without a user gesture on Esc without a cancel event: React state follows,
        // or the next render would draw it again. A close the effect's cleanup made lands on a removed element.
        if (ref.current?.isConnected) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside its content box.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__box">
        <header className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-btn dialog__close" aria-label={t('dialog.close')} onClick={onClose}>
            <XIcon size={18} />
          </button>
        </header>
        {description && (
          <div id={descriptionId} className="dialog__description">
            {description}
          </div>
        )}
        <div className="dialog__body">{children}</div>
        {footer && <footer className="dialog__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
