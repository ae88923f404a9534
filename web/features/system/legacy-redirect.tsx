// Old or mistyped addresses that have a home: the page at `to` (its :params filled from this route's), in place of
// this entry in the history. The URL rule is in docs/product/screens.md (public pages in Portuguese, own area in English).
import { generatePath, Navigate, useLocation, useParams } from 'react-router-dom';

export function LegacyRedirect({ to }: { to: string }) {
  const params = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`${generatePath(to, params)}${search}${hash}`} replace />;
}
