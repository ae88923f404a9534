// /dev/render-error (development and test servers only): throws while rendering, so a browser test sees the
// 'Ocorreu um erro' screen. It fails only after the server's dev API answers; in production that API is absent
// (404) and this shows the not-found screen, as the server's 404 for the path says.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiClient, call } from '../../lib/api';
import { PageSpinner } from '../../components/spinner';

function Boom(): never {
  throw new Error('Falha de renderização provocada (/dev/render-error).');
}

export default function RenderErrorProbe({ notFound }: { notFound: ReactNode }) {
  const probe = useQuery({
    queryKey: ['dev-render-error'],
    queryFn: ({ signal }) => call(apiClient.GET('/api/dev/render-error', { signal }), { redirectOnUnauthorized: false }),
    retry: false,
  });
  if (probe.isPending) return <PageSpinner />;
  if (probe.data?.enabled) return <Boom />;
  return <>{notFound}</>;
}
