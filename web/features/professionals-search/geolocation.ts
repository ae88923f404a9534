// The browser's position for the nearby search (docs/product/spec.md §7, §9): high accuracy, 10 s timeout, a cached position
// of at most 5 minutes; each failure is one of docs/product/spec.md §8's five messages (keys under `geo.`).
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60_000 };

export type GeoFailure = 'denied' | 'unavailable' | 'timeout' | 'unknown' | 'unsupported';

export class GeolocationFailure extends Error {
  constructor(readonly reason: GeoFailure) {
    super(reason);
  }
}

export function geoFailureOf(error: { code?: number } | null | undefined): GeoFailure {
  switch (error?.code) {
    case 1:
      return 'denied';
    case 2:
      return 'unavailable';
    case 3:
      return 'timeout';
    default:
      return 'unknown';
  }
}

export function currentPosition(): Promise<{ latitude: number; longitude: number }> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
    return Promise.reject(new GeolocationFailure('unsupported'));
  }
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new GeolocationFailure(geoFailureOf(error))),
      GEOLOCATION_OPTIONS,
    );
  });
}

/** True when the user already allowed this site (then the search starts on its own; never an unasked prompt). */
export async function geolocationAlreadyGranted(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' as PermissionName });
    return status?.state === 'granted';
  } catch {
    return false;
  }
}
