// The pin's refusals (core/professionals/pin-rules.ts) in the reader's language: pt-BR from the core, en-US here, with
// the distance and the city carried in the answer so the client can ask "confirm anyway?".
import { DomainError, isDomainError } from '../../core/shared/errors';
import { apiLocaleOf } from './validation';

type LocaleContext = Parameters<typeof apiLocaleOf>[0];

function english(error: DomainError): DomainError | null {
  if (error.code === 'pin_outside_brazil') {
    return new DomainError(error.kind, error.code, 'The point is outside Brazil. Drag the marker to where you work.', { fields: { latitude: 'Position outside Brazil' } });
  }
  if (error.code === 'pin_far_from_city') {
    const distance = Number(error.details?.distance_km);
    const city = String(error.details?.city ?? '');
    return new DomainError(error.kind, error.code, `The point is ${Math.round(distance)} km from ${city}. Confirm anyway?`, error.details ? { details: error.details } : {});
  }
  return null;
}

/** Runs a handler; a pin refusal is answered in English when the client prefers it. */
export async function withPinErrors<T>(ctx: LocaleContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isDomainError(error) && apiLocaleOf(ctx) === 'en-US') throw english(error) ?? error;
    throw error;
  }
}
