// The professionals search's small rules (web/features/professionals-search): docs/product/spec.md §8's five geolocation messages
// word for word in pt-BR, the position options of docs/product/spec.md §9, each browser failure mapped to its message, and the
// distance written the Brazilian way ("2,3 km").
import { describe, expect, it } from 'vitest';
import ptBR from '../../web/features/professionals-search/locales/pt-BR';
import enUS from '../../web/features/professionals-search/locales/en-US';
import { GEOLOCATION_OPTIONS, geoFailureOf, currentPosition, GeolocationFailure } from '../../web/features/professionals-search/geolocation';
import { formatDistance } from '../../web/features/professionals-search/format';

describe('geolocation', () => {
  it('asks for a precise position, waits 10 s at most and accepts one up to 5 minutes old', () => {
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 });
  });

  it("maps the browser's error codes to SPEC §8's messages, word for word", () => {
    const message = (code?: number) => ptBR.geo[geoFailureOf(code === undefined ? undefined : { code })];
    expect(message(1)).toBe('Permissão de localização negada');
    expect(message(2)).toBe('Localização indisponível');
    expect(message(3)).toBe('Timeout na obtenção da localização');
    expect(message(99)).toBe('Erro desconhecido na geolocalização');
    expect(message()).toBe('Erro desconhecido na geolocalização');
    expect(ptBR.geo.unsupported).toBe('Geolocalização não suportada');
    expect(ptBR.nearby.error).toBe('Erro ao buscar profissionais próximos');
    expect(Object.keys(enUS.geo).sort()).toEqual(Object.keys(ptBR.geo).sort());
  });

  it('without the Geolocation API the failure is "unsupported"', async () => {
    // Node has no navigator.geolocation.
    await expect(currentPosition()).rejects.toEqual(new GeolocationFailure('unsupported'));
    await expect(currentPosition()).rejects.toMatchObject({ reason: 'unsupported' });
  });
});

describe('formatDistance', () => {
  it('one decimal below 10 km, none above, in the reader’s locale', () => {
    expect(formatDistance(2.345, 'pt-BR')).toBe('2,3 km');
    expect(formatDistance(0.42, 'pt-BR')).toBe('0,4 km');
    expect(formatDistance(12.6, 'pt-BR')).toBe('13 km');
    expect(formatDistance(2.345, 'en-US')).toBe('2.3 km');
  });
});
