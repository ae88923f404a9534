// A map for any screen, behind a lazy wrapper so leaflet and its CSS load only where one is drawn. Tiles come from
// GET /api/site-config (MAP_TILE_URL; the CSP allows exactly that origin). The map is an aid: screens keep their list
// or address as the primary, accessible content.
import { lazy, Suspense } from 'react';
import { useSiteConfig } from '../../lib/site-config';
import type { MapViewProps } from './types';

export type { MapMarker, MapPoint, MapViewProps } from './types';

const LeafletMap = lazy(() => import('./leaflet-map'));

function MapPlaceholder({ height, label }: { height: number | string; label: string }) {
  return <div className="turma-map turma-map--loading skeleton" style={{ height }} role="status" aria-label={label} />;
}

export function MapView(props: MapViewProps & { loadingLabel?: string }) {
  const { config } = useSiteConfig();
  const height = props.height ?? 320;
  const placeholder = <MapPlaceholder height={height} label={props.loadingLabel ?? props.label} />;
  if (!config) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LeafletMap {...props} tileUrl={config.map.tile_url} attribution={config.map.attribution} />
    </Suspense>
  );
}
