// The GoodsInvoice port over Focus NFe's API v2 (docs/integrations.md#focus-nfe): POST /v2/nfe?ref= sends, GET follows,
// DELETE cancels; HTTP Basic with the token as the user. A refusal is an outcome with its message; a provider that cannot
// answer (network, timeout, 429, 5xx) throws GoodsInvoiceUnavailable and the job retries.
import { spreadFreight } from '../../core/goods-invoices/goods-invoice-rules';
import { GoodsInvoiceUnavailable, type GoodsInvoice, type GoodsInvoiceCancelOutcome, type GoodsInvoiceOutcome, type GoodsInvoiceRequest } from '../../core/goods-invoices/ports';

export const FOCUS_NFE_URLS = { homologacao: 'https://homologacao.focusnfe.com.br', producao: 'https://api.focusnfe.com.br' } as const;
export const FOCUS_NFE_TIMEOUT_MS = 15_000;

export interface FocusNfeOptions {
  baseUrl: string;
  token: string;
  /** The emitter's CNPJ (digits): Focus issues for the company the token may use. */
  cnpj: string;
  /** The NCM of a product that carries none of its own (NFE_NCM). */
  ncm: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const reais = (centavos: number) => Number((centavos / 100).toFixed(2));

type FocusBody = {
  status?: string;
  status_sefaz?: string;
  mensagem_sefaz?: string;
  chave_nfe?: string;
  numero?: string;
  serie?: string;
  caminho_danfe?: string;
  caminho_xml_nota_fiscal?: string;
  codigo?: string;
  mensagem?: string;
  erros?: Array<{ codigo?: string; campo?: string; mensagem?: string }>;
};

export class FocusNfeGoodsInvoice implements GoodsInvoice {
  readonly provider = 'focus_nfe';
  private readonly baseUrl: string;

  constructor(private readonly options: FocusNfeOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async issue(request: GoodsInvoiceRequest): Promise<GoodsInvoiceOutcome> {
    const { status, body } = await this.call('POST', `/v2/nfe?ref=${encodeURIComponent(request.reference)}`, this.payload(request));
    if (status === 201 || status === 202 || status === 200) return this.outcome(body);
    return this.refusal(status, body);
  }

  async consult(reference: string): Promise<GoodsInvoiceOutcome> {
    const { status, body } = await this.call('GET', `/v2/nfe/${encodeURIComponent(reference)}?completa=0`);
    if (status === 404) return { status: 'not_found' };
    if (status === 200) return this.outcome(body);
    return this.refusal(status, body);
  }

  async cancel(reference: string, justification: string): Promise<GoodsInvoiceCancelOutcome> {
    const { status, body } = await this.call('DELETE', `/v2/nfe/${encodeURIComponent(reference)}`, { justificativa: justification });
    if (status === 200 && body.status === 'cancelado') return { status: 'cancelled' };
    if (status === 200) return { status: 'rejected', message: body.mensagem_sefaz ?? body.mensagem ?? `cancelamento não aceito (${body.status ?? 'sem status'})`, provider_status: body.status_sefaz ?? body.status ?? null };
    const refused = this.refusal(status, body);
    return refused.status === 'rejected' ? refused : { status: 'rejected', message: `HTTP ${status}`, provider_status: null };
  }

  /** Focus's NF-e fields for a sale to a final consumer over the internet, freight paid by the emitter (CIF). */
  private payload(r: GoodsInvoiceRequest) {
    const a = r.customer.address;
    const freight = spreadFreight(
      r.lines.map((l) => l.total),
      r.freight_amount,
    );
    return {
      natureza_operacao: 'Venda de mercadoria',
      data_emissao: r.issued_at.toISOString(),
      tipo_documento: 1,
      finalidade_emissao: 1,
      local_destino: r.lines[0]?.cfop.startsWith('6') ? 2 : 1,
      consumidor_final: 1,
      presenca_comprador: 2,
      cnpj_emitente: this.options.cnpj,
      nome_destinatario: r.customer.name,
      ...(r.customer.cpf ? { cpf_destinatario: r.customer.cpf } : {}),
      ...(r.customer.email ? { email_destinatario: r.customer.email } : {}),
      indicador_inscricao_estadual_destinatario: 9,
      logradouro_destinatario: a.street,
      numero_destinatario: a.number,
      ...(a.complement ? { complemento_destinatario: a.complement } : {}),
      bairro_destinatario: a.district,
      municipio_destinatario: a.city,
      uf_destinatario: a.state,
      cep_destinatario: a.cep.replace(/\D/g, ''),
      pais_destinatario: 'Brasil',
      modalidade_frete: 0,
      valor_frete: reais(r.freight_amount),
      valor_produtos: reais(r.goods_amount),
      valor_total: reais(r.total_amount),
      items: r.lines.map((l, i) => ({
        numero_item: i + 1,
        codigo_produto: l.code,
        descricao: l.description,
        cfop: l.cfop,
        codigo_ncm: l.ncm ?? this.options.ncm,
        unidade_comercial: 'UN',
        quantidade_comercial: l.quantity,
        valor_unitario_comercial: reais(l.unit_price),
        unidade_tributavel: 'UN',
        quantidade_tributavel: l.quantity,
        valor_unitario_tributavel: reais(l.unit_price),
        valor_bruto: reais(l.total),
        ...(freight[i] ? { valor_frete: reais(freight[i]!) } : {}),
        icms_origem: 0,
        // Simples Nacional without credit (CSOSN 102), PIS/COFINS exempt (07): the accountant confirms these.
        icms_situacao_tributaria: '102',
        pis_situacao_tributaria: '07',
        cofins_situacao_tributaria: '07',
      })),
    };
  }

  private outcome(body: FocusBody): GoodsInvoiceOutcome {
    switch (body.status) {
      case 'autorizado': {
        const key = (body.chave_nfe ?? '').replace(/\D/g, '');
        if (key.length !== 44 || !body.caminho_danfe) throw new GoodsInvoiceUnavailable('nota autorizada sem chave de acesso ou DANFE na resposta');
        return {
          status: 'authorised',
          access_key: key,
          number: body.numero ?? null,
          series: body.serie ?? null,
          danfe_url: this.absolute(body.caminho_danfe),
          xml_url: body.caminho_xml_nota_fiscal ? this.absolute(body.caminho_xml_nota_fiscal) : null,
          provider_status: body.status_sefaz ?? null,
        };
      }
      case 'erro_autorizacao':
        return { status: 'rejected', message: body.mensagem_sefaz ?? 'Rejeitada pela SEFAZ', provider_status: body.status_sefaz ?? null };
      case 'denegado':
        return { status: 'rejected', message: `Uso denegado: ${body.mensagem_sefaz ?? 'irregularidade fiscal'}`, provider_status: body.status_sefaz ?? null };
      case 'cancelado':
        return { status: 'cancelled' };
      case 'processando_autorizacao':
        return { status: 'processing' };
      default:
        throw new GoodsInvoiceUnavailable(`status desconhecido na resposta: ${String(body.status)}`);
    }
  }

  /** 4xx: the request was refused as it is (validation, a token Focus does not know); 429 and 5xx are passing. */
  private refusal(status: number, body: FocusBody): GoodsInvoiceOutcome {
    if (status === 429 || status >= 500) throw new GoodsInvoiceUnavailable(`HTTP ${status}`);
    const details = (body.erros ?? []).map((e) => [e.campo, e.mensagem].filter(Boolean).join(': ')).filter(Boolean);
    const message = [body.mensagem ?? `Recusada pelo Focus NFe (HTTP ${status})`, ...details].join(' — ');
    return { status: 'rejected', message, provider_status: body.codigo ?? `HTTP ${status}` };
  }

  private absolute(path: string) {
    return /^https?:\/\//.test(path) ? path : `${this.baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; body: FocusBody }> {
    let res: Response;
    let text: string;
    try {
      res = await (this.options.fetch ?? fetch)(`${this.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${this.options.token}:`).toString('base64')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? FOCUS_NFE_TIMEOUT_MS),
      });
      text = await res.text();
    } catch (err) {
      const name = (err as { name?: string } | null)?.name;
      throw new GoodsInvoiceUnavailable(name === 'TimeoutError' || name === 'AbortError' ? 'tempo esgotado' : `erro de rede (${(err as Error)?.message ?? 'desconhecido'})`);
    }
    let parsed: FocusBody = {};
    try {
      parsed = text ? (JSON.parse(text) as FocusBody) : {};
    } catch {
      if (res.status < 500 && res.status !== 429) throw new GoodsInvoiceUnavailable(`resposta não é JSON (HTTP ${res.status})`);
    }
    return { status: res.status, body: parsed && typeof parsed === 'object' ? parsed : {} };
  }
}
