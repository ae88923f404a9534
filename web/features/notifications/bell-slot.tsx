// The top bar's notification corner: nothing for visitors; for a signed-in user the bell, loaded in
// its own chunk so the landing's first paint does not carry it.
import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';

const NotificationBell = lazy(() => import('./notification-bell'));

export function NotificationBellSlot() {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  return (
    <Suspense fallback={<span className="bell-slot" aria-hidden="true" />}>
      <NotificationBell />
    </Suspense>
  );
}
