// The public answer of a CEP lookup.
import { z } from 'zod';

export const cepAnswerSchema = z
  .object({
    cep: z.string(),
    street: z.string(),
    district: z.string(),
    city: z.string(),
    state: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  })
  .meta({ id: 'CepAddress' });

export const coordinatesAnswerSchema = z
  .object({ latitude: z.number(), longitude: z.number() })
  .meta({ id: 'Coordinates' });
