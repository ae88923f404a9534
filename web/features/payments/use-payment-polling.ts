// Live status of one pending payment (SPEC §9): GET /api/payments/:id/status every 8 s, stopping
// after 5 minutes; once more when the tab comes back; and on demand ("Já paguei, verificar"), which
// also restarts the 5-minute window.
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { paymentsApi, POLL_INTERVAL_MS, POLL_WINDOW_MS, type PaymentStatus } from './api';

export type PollPhase = 'idle' | 'polling' | 'stopped';

export function usePaymentPolling(paymentId: string | null, active: boolean, onStatus: (status: PaymentStatus) => void) {
  const [phase, setPhase] = useState<PollPhase>('idle');
  const [checking, setChecking] = useState(false);
  const [round, setRound] = useState(0);
  const onStatusRef = useRef(onStatus);
  useEffect(() => {
    onStatusRef.current = onStatus;
  });

  const check = useCallback(async (): Promise<PaymentStatus | null> => {
    if (!paymentId) return null;
    try {
      const status = await paymentsApi.status(paymentId);
      onStatusRef.current(status);
      return status;
    } catch (error) {
      // A missed poll is not worth a message: the next one (or the button) tries again.
      if (isApiError(error) && error.status === 404) setPhase('stopped');
      return null;
    }
  }, [paymentId]);

  useEffect(() => {
    if (!paymentId || !active) {
      setPhase('idle');
      return;
    }
    const started = Date.now();
    setPhase('polling');
    const id = window.setInterval(() => {
      if (Date.now() - started >= POLL_WINDOW_MS) {
        window.clearInterval(id);
        setPhase('stopped');
        return;
      }
      void check();
    }, POLL_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [paymentId, active, check, round]);

  /** The manual check; resolves to the status (null when the server could not be reached). */
  const checkNow = useCallback(async () => {
    setChecking(true);
    const status = await check();
    setChecking(false);
    if (status && !status.confirmed && status.status === 'pending') setRound((n) => n + 1);
    return status;
  }, [check]);

  return { phase, checking, checkNow };
}
