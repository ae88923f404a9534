// Guard of the signed-in routes: signed out → /auth?next=<here>, and back here after login. /checkout/plan keeps the plan
// it was given as the pending checkout (localStorage `post_login_redirect`), which the login turns back into
// /checkout/plan with that plan.
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../components/spinner';
import { useSession } from '../../lib/session';
import { storePendingRedirect } from '../../lib/pending-redirect';


function pendingCheckout(pathname: string, state: unknown) {
  if (pathname !== '/checkout/plan') return null;
  const plan = (state as { plan?: { id?: unknown } } | null)?.plan;
  return plan && typeof plan.id === 'string' && plan.id ? { action: 'checkout_plan', plan_id: plan.id, plan } : null;
}

function SignInFirst() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const pending = pendingCheckout(location.pathname, location.state);
    // Storage blocked: fall back to `next` (the plan id is lost, the path is not).
    if (pending && storePendingRedirect(pending)) {
      void navigate('/auth', { replace: true });
      return;
    }
    void navigate(`/auth?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [location, navigate]);
  return <PageSpinner />;
}

export function RequireAuth() {
  const session = useSession();
  const { pathname } = useLocation();
  if (session.status === 'loading') return <PageSpinner />;
  if (session.status === 'signedOut') return session.leaving === pathname ? <PageSpinner /> : <SignInFirst />;
  return <Outlet />;
}
