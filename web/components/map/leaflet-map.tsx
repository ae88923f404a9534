// The Leaflet map itself, loaded only through MapView's lazy import. Markers are HTML (divIcon: no image files, themed
// with CSS, keyboard-focusable); without a tile URL they sit on a plain background. The map frames every marker (and
// the origin) on first draw and whenever the set changes.
import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect, useMemo } from 'react';
import { divIcon, latLngBounds, type LatLngTuple } from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router-dom';
import type { MapMarker, MapPoint, MapViewProps } from './types';

const pinIcon = (highlight: boolean) =>
  divIcon({
    className: `turma-map__pin${highlight ? ' turma-map__pin--highlight' : ''}`,
    html: '<span class="turma-map__pin-dot"></span>',
    iconSize: [28, 28],
    iconAnchor: [14, 28],
    popupAnchor: [0, -26],
  });
const originIcon = divIcon({ className: 'turma-map__origin', html: '<span></span>', iconSize: [18, 18], iconAnchor: [9, 9] });

const tuple = (p: MapPoint): LatLngTuple => [p.latitude, p.longitude];

function FitToPoints({ points, zoom }: { points: LatLngTuple[]; zoom: number }) {
  const map = useMap();
  const key = JSON.stringify(points);
  useEffect(() => {
    const list = JSON.parse(key) as LatLngTuple[];
    if (list.length === 0) return;
    // No animation: a map unmounted mid-flight (new results, navigation) would throw from Leaflet's animation frame.
    if (list.length === 1) map.setView(list[0]!, zoom, { animate: false });
    else map.fitBounds(latLngBounds(list), { padding: [32, 32], maxZoom: 15, animate: false });
  }, [map, key, zoom]);
  return null;
}

/**
 * Keeps a pin moved from outside the map (arrow buttons, typed coordinates) in view; a pin first tapped on the
 * country-wide view zooms in on it, so the next tap or drag can be precise.
 */
function FollowPin({ pin, zoom }: { pin: LatLngTuple | null; zoom: number }) {
  const map = useMap();
  const key = pin ? pin.join(',') : '';
  useEffect(() => {
    if (!key) return;
    const point = key.split(',').map(Number) as LatLngTuple;
    if (map.getZoom() < 10) map.setView(point, zoom, { animate: false });
    else if (!map.getBounds().contains(point)) map.panTo(point, { animate: false });
  }, [map, key, zoom]);
  return null;
}

function PickOnClick({ onPick }: { onPick: (point: MapPoint) => void }) {
  useMapEvents({ click: (event) => onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng }) });
  return null;
}

export interface LeafletMapProps extends MapViewProps {
  tileUrl: string | null;
  attribution: string;
}

export default function LeafletMap({ markers, origin, label, height = 320, zoom = 14, className, tileUrl, attribution, onPick, pin }: LeafletMapProps) {
  const points = useMemo(() => [...(origin ? [tuple(origin)] : []), ...markers.map(tuple)], [origin, markers]);
  const pinPoint = pin ? tuple(pin) : null;
  const start = points[0] ?? pinPoint ?? ([-14.235, -51.9253] as LatLngTuple); // Brazil's centre when there is nothing yet
  const icons = useMemo(() => ({ normal: pinIcon(false), highlight: pinIcon(true), pin: pinIcon(true) }), []);
  const onMove = pin?.onMove;
  // Stable handlers: react-leaflet rebinds the marker's events when this object changes.
  const pinEvents = useMemo(
    () => ({
      dragend: (event: { target: { getLatLng(): { lat: number; lng: number } } }) => {
        const at = event.target.getLatLng();
        onMove?.({ latitude: at.lat, longitude: at.lng });
      },
    }),
    [onMove],
  );

  return (
    <div className={`turma-map${tileUrl ? '' : ' turma-map--plain'}${className ? ` ${className}` : ''}`} role="region" aria-label={label} style={{ height }}>
      <MapContainer center={start} zoom={points.length || pinPoint ? zoom : 4} scrollWheelZoom={false} style={{ height: '100%', width: '100%' }} attributionControl={!!tileUrl}>
        {tileUrl && <TileLayer url={tileUrl} attribution={attribution} maxZoom={19} />}
        <FitToPoints points={points} zoom={zoom} />
        {onPick && <PickOnClick onPick={onPick} />}
        {pin && <FollowPin pin={pinPoint} zoom={zoom} />}
        {pin && pinPoint && <Marker position={pinPoint} icon={icons.pin} title={pin.label} alt={pin.label} draggable autoPan eventHandlers={pinEvents} />}
        {origin && <Marker position={tuple(origin)} icon={originIcon} title={origin.label} alt={origin.label} keyboard={false} interactive={false} />}
        {markers.map((m: MapMarker) => (
          <Marker key={m.id} position={tuple(m)} icon={m.highlight ? icons.highlight : icons.normal} title={m.label} alt={m.label}>
            <Popup>
              <strong className="turma-map__popup-title">{m.label}</strong>
              {m.detail && <span className="turma-map__popup-detail">{m.detail}</span>}
              {m.href && (
                <Link to={m.href} className="turma-map__popup-link">
                  {m.linkLabel ?? m.label}
                </Link>
              )}
            </Popup>
          </Marker>
        ))}
      </MapContainer>
    </div>
  );
}
