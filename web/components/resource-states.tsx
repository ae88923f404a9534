// The loading and error states every data screen shows while it fetches (one markup, one place to change it).
import type { ReactNode } from 'react';
import { Button } from './button';
import { AlertIcon } from './icons';
import { Spinner } from './spinner';

export function LoadingState({ label }: { label: string }) {
  return (
    <div className="page__loading" role="status">
      <Spinner size={32} />
      <p>{label}</p>
    </div>
  );
}

export function ErrorState({ title, message, retryLabel, onRetry }: { title: string; message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="state-box state-box--error" role="alert">
      <AlertIcon size={28} />
      <p className="state-box__title">{title}</p>
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

/** The compact forms, for small panels (the bell, the dashboard's side panels): one line each. */
export function InlineLoading({ label }: { label: string }) {
  return (
    <div className="bell__state" role="status">
      <Spinner size={20} />
      <span>{label}</span>
    </div>
  );
}

export function InlineError({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="bell__state" role="alert">
      <span>{message}</span>
      <button type="button" className="link-btn" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

/** The grid of card placeholders a catalogue shows while it loads (plans or products). */
export function CardGridSkeleton({ kind, count, label, className }: { kind: 'plan' | 'product'; count: number; label: string; className?: string }) {
  return (
    <div className={className ?? `${kind}-grid`} role="status">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`${kind}-card ${kind}-card--skeleton`} aria-hidden="true">
          <div className={`${kind}-card__media skeleton`} />
          <div className={`${kind}-card__body`}>
            <div className="skeleton skeleton--line" style={{ width: kind === 'plan' ? '40%' : '45%' }} />
            {kind === 'plan' && <div className="skeleton skeleton--title" />}
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line" style={{ width: kind === 'plan' ? '70%' : '60%' }} />
            <div className="skeleton skeleton--button" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A list with nothing in it: an icon, what is empty, and what to do about it. */
export function EmptyState({ icon, title, hint }: { icon: ReactNode; title: string; hint?: ReactNode }) {
  return (
    <div className="state-box">
      {icon}
      <p className="state-box__title">{title}</p>
      {hint && <p>{hint}</p>}
    </div>
  );
}
