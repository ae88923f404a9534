// What a map shows: points with a label (and maybe a link), and optionally "you are here".
export interface MapPoint {
  latitude: number;
  longitude: number;
}

export interface MapMarker extends MapPoint {
  id: string;
  /** The marker's accessible name and its popup's title. */
  label: string;
  /** A second line in the popup (category, distance…). */
  detail?: string;
  /** Where the popup's link goes (an in-app path). */
  href?: string;
  linkLabel?: string;
  /** Drawn in the accent colour (featured). */
  highlight?: boolean;
}

export interface MapViewProps {
  markers: MapMarker[];
  /** The searcher's position, drawn apart from the results. */
  origin?: (MapPoint & { label: string }) | null;
  /** The map region's accessible name, e.g. "Mapa dos profissionais encontrados". */
  label: string;
  /** CSS height of the map box (default 320px). */
  height?: number | string;
  /** Zoom when there is one point only (default 14). */
  zoom?: number;
  className?: string;
  /** Called with the point the user clicks or taps (e.g. placing a pin by hand when geocoding failed). */
  onPick?: (point: MapPoint) => void;
  /** One draggable marker (the pin placed by hand); the map opens on it and follows it when it leaves the view. */
  pin?: (MapPoint & { label: string; onMove: (point: MapPoint) => void }) | null;
}
