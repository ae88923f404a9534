// Live status of one pending payment (docs/product/spec.md §9): GET /api/payments/:id/status every 8 s, stopping
// after 5 minutes; once more when the tab comes back; and on demand ("Já paguei, verificar"), which
// also restarts the 5-minute window. The polling is a TanStack query (one per payment and window).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { paymentKeys, paymentsApi, POLL_INTERVAL_MS, POLL_WINDOW_MS, type PaymentStatus } from '../../lib/payments-api';

export type PollPhase = 'idle' | 'polling' | 'stopped';

export function usePaymentPolling(paymentId: string | null, active: boolean, onStatus: (status: PaymentStatus) => void) {
  const [checking, setChecking] = useState(false);
  /** The current 5-minute window: when it started, and whether it ended (time up, or the payment is gone). */
  const [window_, setWindow] = useState({ started: Date.now(), stopped: false });
  const onStatusRef = useRef(onStatus);
  useEffect(() => {
    onStatusRef.current = onStatus;
  });
  const enabled = Boolean(paymentId) && active;

  // A new payment (or polling switched back on) opens a new window.
  useEffect(() => {
    if (enabled) setWindow({ started: Date.now(), stopped: false });
  }, [enabled, paymentId]);

  const check = useCallback(async (): Promise<PaymentStatus | null> => {
    if (!paymentId) return null;
    try {
      const status = await paymentsApi.status(paymentId);
      onStatusRef.current(status);
      return status;
    } catch (error) {
      // A missed poll is not worth a message: the next one (or the button) tries again.
      if (isApiError(error) && error.status === 404) setWindow((w) => ({ ...w, stopped: true }));
      return null;
    }
  }, [paymentId]);

  const polling = enabled && !window_.stopped;
  useQuery({
    queryKey: [...paymentKeys.status(paymentId ?? ''), window_.started],
    queryFn: async () => {
      if (Date.now() - window_.started >= POLL_WINDOW_MS) {
        setWindow((w) => (w.started === window_.started ? { ...w, stopped: true } : w));
        return 'stopped';
      }
      // The first round of a window waits one interval, like every later one.
      if (Date.now() - window_.started >= POLL_INTERVAL_MS / 2) await check();
      return 'checked';
    },
    enabled: polling,
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    // Once more when the tab comes back.
    refetchOnWindowFocus: 'always',
    retry: false,
    gcTime: 0,
  });

  /** The manual check; resolves to the status (null when the server could not be reached). */
  const checkNow = useCallback(async () => {
    setChecking(true);
    const status = await check();
    setChecking(false);
    if (status && !status.confirmed && status.status === 'pending') setWindow({ started: Date.now(), stopped: false });
    return status;
  }, [check]);

  const phase: PollPhase = !enabled ? 'idle' : polling ? 'polling' : 'stopped';
  return { phase, checking, checkNow };
}
