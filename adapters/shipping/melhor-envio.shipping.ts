// The ShippingQuote port over Melhor Envio's quote API (docs/integrations.md#melhor-envio). Any failure throws
// ShippingProviderError; the container wraps this adapter in FallbackShippingQuote, so the customer is then quoted
// from the embedded table instead.
import type { CarrierOption, ShippingQuote, ShippingQuoteRequest } from '../../core/shipping';
import type { Logger } from '../logger';

export interface MelhorEnvioOptions {
  /** MELHOR_ENVIO_URL without the trailing slash (production https://melhorenvio.com.br, sandbox https://sandbox.melhorenvio.com.br). */
  baseUrl: string;
  token: string;
  /** Melhor Envio asks for "App name (contact e-mail)". */
  userAgent: string;
  /** The origin CEP (the warehouse). */
  fromCep: string;
  /** The whole call; the customer is waiting on the product page. */
  timeoutMs?: number;
  logger?: Logger;
  fetch?: typeof fetch;
}

export const MELHOR_ENVIO_TIMEOUT_MS = 5_000;

export class ShippingProviderError extends Error {
  constructor(readonly reason: string) {
    super(`Melhor Envio: ${reason}`);
    this.name = 'ShippingProviderError';
  }
}

/** Reais as Melhor Envio writes them ("26.74" or 26.74) → centavos; null when not a price. */
export function reaisToCentavos(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value.replace(',', '.')) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}

export class MelhorEnvioShippingQuote implements ShippingQuote {
  private readonly baseUrl: string;

  constructor(private readonly options: MelhorEnvioOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async quote(request: ShippingQuoteRequest): Promise<CarrierOption[]> {
    const body = {
      from: { postal_code: this.options.fromCep },
      to: { postal_code: request.cep },
      // Weight in kg, dimensions in cm, the insured value in reais (each unit).
      products: request.lines.map((l) => ({
        id: l.product_id,
        width: l.width_cm,
        height: l.height_cm,
        length: l.length_cm,
        weight: l.weight_grams / 1000,
        insurance_value: l.unit_price / 100,
        quantity: l.quantity,
      })),
      options: { receipt: false, own_hand: false },
    };
    let res: Response;
    let text: string;
    try {
      res = await (this.options.fetch ?? fetch)(`${this.baseUrl}/api/v2/me/shipment/calculate`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${this.options.token}`,
          'user-agent': this.options.userAgent,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? MELHOR_ENVIO_TIMEOUT_MS),
      });
      text = await res.text();
    } catch (err) {
      const name = (err as { name?: string } | null)?.name;
      throw this.fail(name === 'TimeoutError' || name === 'AbortError' ? 'tempo esgotado' : `erro de rede (${(err as Error)?.message ?? 'desconhecido'})`);
    }
    if (res.status !== 200) throw this.fail(`HTTP ${res.status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw this.fail('resposta não é JSON');
    }
    if (!Array.isArray(json)) throw this.fail('resposta não é uma lista de serviços');
    const options: CarrierOption[] = [];
    for (const raw of json as Array<Record<string, unknown>>) {
      if (!raw || typeof raw !== 'object' || raw.error) continue;
      const price = reaisToCentavos(raw.custom_price ?? raw.price);
      const days = Number(raw.custom_delivery_time ?? raw.delivery_time);
      const company = (raw.company ?? {}) as Record<string, unknown>;
      if (price === null || !Number.isInteger(days) || days < 0 || raw.id === undefined || typeof raw.name !== 'string') continue;
      options.push({
        id: `me-${String(raw.id)}`,
        service: raw.name.trim(),
        carrier: typeof company.name === 'string' ? company.name.trim() : 'Melhor Envio',
        price,
        days,
      });
    }
    return options;
  }

  private fail(reason: string) {
    this.options.logger?.warn({ service: 'melhor_envio', reason }, 'melhor_envio: cotação falhou');
    return new ShippingProviderError(reason);
  }
}

/**
 * The aggregator first; when it fails, the embedded table (logged), so a carrier outage never stops a sale. Option ids
 * differ between the two, so an order placed with an id from one and re-quoted by the other is a 409 that the
 * checkout answers by quoting again.
 */
export class FallbackShippingQuote implements ShippingQuote {
  constructor(
    private readonly primary: ShippingQuote,
    private readonly fallback: ShippingQuote,
    private readonly logger?: Logger,
  ) {}

  async quote(request: ShippingQuoteRequest): Promise<CarrierOption[]> {
    try {
      return await this.primary.quote(request);
    } catch (err) {
      this.logger?.warn({ err: err instanceof Error ? err.message : String(err) }, 'frete: usando a tabela embutida');
      return this.fallback.quote(request);
    }
  }
}
