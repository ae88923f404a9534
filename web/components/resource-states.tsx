// The loading and error states every data screen shows while it fetches (one markup, one place to change it).
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
