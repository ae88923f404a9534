// The AddressLookup port over ViaCEP (docs/integrations.md#viacep): GET {base}/ws/{8 digits}/json/.
import type { AddressLookup, CepAddress } from '../../core/ports/address-lookup';
import type { Logger } from '../logger';
import { describeFailure, getJson, logFailure, type UpstreamResult } from './upstream';

export interface ViaCepOptions {
  /** VIACEP_URL, without the trailing slash (e.g. https://viacep.com.br). */
  baseUrl: string;
  userAgent: string;
  /** Whole-call budget, retry included. docs/integrations.md: about 5 s for CEP. */
  timeoutMs?: number;
  retryDelayMs?: number;
  logger?: Logger;
  fetch?: typeof fetch;
}

export const VIACEP_TIMEOUT_MS = 5_000;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export class ViaCepAddressLookup implements AddressLookup {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: ViaCepOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? VIACEP_TIMEOUT_MS;
  }

  /** "not_found" only when ViaCEP says so; anything else that is not an address is "failed" (an outage, not a typo). */
  async lookupCep(cep: string): Promise<UpstreamResult<CepAddress>> {
    // Validate locally (docs/integrations.md): a malformed CEP never reaches ViaCEP.
    if (!/^\d{8}$/.test(cep)) return { status: 'not_found' };
    const outcome = await getJson(`${this.baseUrl}/ws/${cep}/json/`, {
      userAgent: this.options.userAgent,
      timeoutMs: this.timeoutMs,
      retry: true,
      ...(this.options.retryDelayMs !== undefined ? { retryDelayMs: this.options.retryDelayMs } : {}),
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
    const failed = (reason: string): UpstreamResult<CepAddress> => {
      logFailure(this.options.logger, 'viacep', reason, { cep_prefix: cep.slice(0, 5) });
      return { status: 'failed', reason };
    };
    if (outcome.kind !== 'response') return failed(describeFailure(outcome));
    // 400 is ViaCEP's answer to a malformed CEP; 404 would be a CEP it does not know.
    if (outcome.status === 400 || outcome.status === 404) return { status: 'not_found' };
    if (outcome.status !== 200) return failed(describeFailure(outcome));
    const body = outcome.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return failed('resposta não é um objeto JSON');
    const record = body as Record<string, unknown>;
    // Not found is 200 {"erro": "true"} (a string since 2022, a boolean before): docs/integrations.md says test its presence.
    if ('erro' in record && record.erro !== false && record.erro !== 'false') return { status: 'not_found' };
    return {
      status: 'found',
      value: {
        cep,
        street: text(record.logradouro),
        district: text(record.bairro),
        city: text(record.localidade),
        state: text(record.uf).toUpperCase(),
      },
    };
  }
}
