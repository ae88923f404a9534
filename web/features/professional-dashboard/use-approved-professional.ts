// The professional screens' gate: reads the caller's own profile (GET /api/me/professional); no application →
// /professional-signup, an application not approved (pending, rejected, suspended) → /professional-pending.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../lib/query';
import { professionalApi, professionalKeys, type PlanCategories } from './api';

export function useApprovedProfessional() {
  const navigate = useNavigate();
  const query = useApiQuery(professionalKeys.mine(), (signal) => professionalApi.mine(signal), { gcTime: 0 });
  const { state } = query;
  const redirect =
    state.status === 'error' && state.error.status === 404
      ? '/professional-signup'
      : state.status === 'ready' && state.data.status !== 'approved'
        ? '/professional-pending'
        : null;

  useEffect(() => {
    if (redirect) void navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  return { ...query, redirecting: redirect !== null };
}

/** Category slug → its name (the slug itself until the list arrives or when unknown). */
export function useCategoryName() {
  const { state } = useApiQuery(professionalKeys.categories(), (signal) => professionalApi.categories(signal));
  const items: PlanCategories['items'] = state.status === 'ready' ? state.data.items : [];
  return (slug: string | null) => (slug ? (items.find((c) => c.slug === slug)?.name ?? slug) : '—');
}
