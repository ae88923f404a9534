// Pieces every module's answer schemas (`core/<module>/schemas.ts`) share.
import { z } from 'zod';

/** An ISO 8601 instant in an answer (described as `format: date-time` in the API description). */
export const dateTimeAnswer = z.string().meta({ format: 'date-time' });
