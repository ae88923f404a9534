// The pin by hand: inside Brazil (the coarse outline with its islands) and near the CEP's city centre or confirmed.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../core/shared/errors';
import { PIN_MAX_KM_FROM_CITY, assertPin, checkPin, insideBrazil, pinFarMessage, pinInputSchema } from '../../../core/professionals/pin-rules';

const at = (latitude: number, longitude: number) => ({ latitude, longitude });

describe('insideBrazil', () => {
  it.each([
    // The 27 capitals.
    ['Rio Branco', -9.97, -67.81], ['Maceió', -9.67, -35.74], ['Macapá', 0.03, -51.07], ['Manaus', -3.12, -60.02], ['Salvador', -12.97, -38.5],
    ['Fortaleza', -3.73, -38.52], ['Brasília', -15.79, -47.88], ['Vitória', -20.32, -40.34], ['Goiânia', -16.68, -49.25], ['São Luís', -2.53, -44.3],
    ['Cuiabá', -15.6, -56.1], ['Campo Grande', -20.47, -54.62], ['Belo Horizonte', -19.92, -43.94], ['Belém', -1.46, -48.49], ['João Pessoa', -7.12, -34.86],
    ['Curitiba', -25.43, -49.27], ['Recife', -8.05, -34.88], ['Teresina', -5.09, -42.8], ['Rio de Janeiro', -22.91, -43.17], ['Natal', -5.79, -35.21],
    ['Porto Alegre', -30.03, -51.23], ['Porto Velho', -8.76, -63.9], ['Boa Vista', 2.82, -60.67], ['Florianópolis (ilha, praia leste)', -27.6, -48.42],
    ['São Paulo', -23.55, -46.63], ['Aracaju', -10.91, -37.07], ['Palmas', -10.18, -48.33],
    // Towns on the borders and the far edges.
    ['Oiapoque', 3.84, -51.83], ['Chuí', -33.69, -53.46], ['Tabatinga', -4.25, -69.94], ['Cruzeiro do Sul', -7.63, -72.67], ['Foz do Iguaçu', -25.55, -54.59],
    ['Uruguaiana', -29.76, -57.09], ['Corumbá', -19.01, -57.65], ['Guajará-Mirim', -10.78, -65.34], ['Pacaraima', 4.48, -61.15], ['Bonfim', 3.36, -59.83],
    ['Santana do Livramento', -30.89, -55.53], ['Jaguarão', -32.56, -53.38], ['Ponta Porã', -22.54, -55.73], ['São Gabriel da Cachoeira', -0.13, -67.09],
    ['Guaíra', -24.08, -54.26], ['Brasiléia', -11.0, -68.74], ['Assis Brasil', -10.94, -69.57], ['Costa Marques', -12.44, -64.23], ['Ilhabela', -23.78, -45.36],
    ['Fernando de Noronha', -3.85, -32.42],
  ])('%s is in Brazil', (_name, lat, lng) => {
    expect(insideBrazil(at(lat, lng))).toBe(true);
  });

  it.each([
    ['Buenos Aires', -34.6, -58.38], ['Montevidéu', -34.9, -56.16], ['Salto (UY)', -31.39, -57.96], ['Assunção', -25.28, -57.63], ['Posadas', -27.37, -55.9],
    ['Santa Cruz de la Sierra', -17.8, -63.18], ['La Paz', -16.5, -68.15], ['Lima', -12.05, -77.04], ['Iquitos', -3.75, -73.25], ['Pucallpa', -8.38, -74.55],
    ['Bogotá', 4.71, -74.07], ['Mitú', 1.25, -70.23], ['Caracas', 10.49, -66.88], ['Georgetown', 6.8, -58.16], ['Paramaribo', 5.85, -55.2],
    ['Caiena', 4.93, -52.33], ['Santiago', -33.45, -70.67], ['Atlântico', -10, -30], ['Null Island', 0, 0], ['Lisboa', 38.72, -9.14],
  ])('%s is not', (_name, lat, lng) => {
    expect(insideBrazil(at(lat, lng))).toBe(false);
  });

  it('refuses what is not a number', () => {
    expect(insideBrazil(at(Number.NaN, -46))).toBe(false);
  });
});

describe('checkPin', () => {
  const campinas = { city: 'Campinas', state: 'SP', latitude: -22.9056, longitude: -47.0608 };

  it('keeps a pin near the city centre and says how far it is', () => {
    expect(checkPin(at(-22.95, -47.1), campinas, false)).toEqual({ verdict: 'ok', distance_km: 6.4 });
  });

  it(`asks about a pin more than ${PIN_MAX_KM_FROM_CITY} km away, and keeps it once confirmed`, () => {
    const sãoPaulo = at(-23.5614, -46.6559);
    expect(checkPin(sãoPaulo, campinas, false)).toEqual({ verdict: 'far_from_city', distance_km: 83.8, city: 'Campinas' });
    expect(checkPin(sãoPaulo, campinas, true)).toEqual({ verdict: 'ok', distance_km: 83.8 });
  });

  it('the limit itself is near enough', () => {
    // One degree of latitude is ~111.2 km: 30 km north of the centre.
    const edge = at(campinas.latitude + PIN_MAX_KM_FROM_CITY / 111.2, campinas.longitude);
    expect(checkPin(edge, campinas, false).verdict).toBe('ok');
  });

  it('outside Brazil is refused even when confirmed', () => {
    expect(checkPin(at(-34.6, -58.38), campinas, true)).toEqual({ verdict: 'outside_brazil' });
  });

  it('with no known city centre only the country is checked', () => {
    expect(checkPin(at(-3.12, -60.02), null, false)).toEqual({ verdict: 'ok', distance_km: null });
  });
});

describe('assertPin and the input', () => {
  it('throws 400 pin_outside_brazil and 409 pin_far_from_city with the distance and the city', () => {
    expect(() => assertPin({ verdict: 'outside_brazil' })).toThrow(expect.objectContaining({ kind: 'invalid', code: 'pin_outside_brazil' }) as DomainError);
    try {
      assertPin({ verdict: 'far_from_city', distance_km: 83.6, city: 'Campinas' });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ kind: 'conflict', code: 'pin_far_from_city', message: 'O ponto está a 84 km de Campinas. Confirmar mesmo assim?', details: { distance_km: 83.6, city: 'Campinas' } });
    }
    expect(() => assertPin({ verdict: 'ok', distance_km: 3 })).not.toThrow();
  });

  it('words the question as the screen shows it', () => {
    expect(pinFarMessage(41.5, 'Ribeirão Preto')).toBe('O ponto está a 42 km de Ribeirão Preto. Confirmar mesmo assim?');
  });

  it('needs both coordinates as numbers', () => {
    expect(pinInputSchema.safeParse({ latitude: -23.5, longitude: -46.6 }).success).toBe(true);
    expect(pinInputSchema.safeParse({ latitude: '-23.5', longitude: -46.6 }).success).toBe(false);
    expect(pinInputSchema.safeParse({ latitude: -23.5 }).success).toBe(false);
    expect(pinInputSchema.safeParse({ latitude: 91, longitude: -46.6 }).success).toBe(false);
  });
});
