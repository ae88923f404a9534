// App-wide order polling (docs/product/spec.md §7, §9) for a signed-in user, loaded in its own chunk: visitors never
// download it, and the landing's entry chunk stays as it was.
import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';

const OrderPolling = lazy(() => import('./order-polling'));

export function OrderPollingSlot() {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  return (
    <Suspense fallback={null}>
      <OrderPolling key={session.user.id} />
    </Suspense>
  );
}
