// Loading / error / data for one GET, with retry and a silent reload (no spinner) for refreshes.
// A 401 is the session provider's business (it sends the user to /auth): the state stays loading.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isApiError } from './api';
import { i18n } from '../i18n';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; data: T };

export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const silent = useRef(false);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    const isSilent = silent.current;
    silent.current = false;
    if (!isSilent) setState({ status: 'loading' });
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.isSessionExpired) return;
        setState((current) =>
          // A failed silent refresh keeps what is on screen.
          isSilent && current.status === 'ready'
            ? current
            : { status: 'error', error: isApiError(error) ? error : new ApiError(0, 'unexpected', i18n.t('errors.generic')) },
        );
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, ...deps]);

  /** Shows the spinner again and reloads. */
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  /** Reloads in the background, keeping the current data on screen. */
  const reload = useCallback(() => {
    silent.current = true;
    setAttempt((n) => n + 1);
  }, []);
  /** Replaces the data locally (after a mutation that answered with the new value). */
  const mutate = useCallback((update: (data: T) => T) => {
    setState((current) => (current.status === 'ready' ? { status: 'ready', data: update(current.data) } : current));
  }, []);

  return { state, retry, reload, mutate };
}
