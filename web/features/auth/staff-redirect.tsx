// The customer dashboard is no place for staff: an admin opening /dashboard goes to the back office (/admin/, a
// separate app: a full page load) instead of meeting the customer's payment gate.
import { useEffect, type ReactNode } from 'react';
import { PageSpinner } from '../../components/spinner';
import { useSession } from '../../lib/session';

export function AdminsToBackOffice({ children }: { children: ReactNode }) {
  const session = useSession();
  const admin = session.status === 'signedIn' && session.user.role === 'admin';
  useEffect(() => {
    if (admin) window.location.replace('/admin/');
  }, [admin]);
  return admin ? <PageSpinner /> : <>{children}</>;
}
