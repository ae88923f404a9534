// The embedded ShippingLabels: buys no label (the operator types the carrier's tracking code). With `simulate` (the
// default outside production, SHIPPING_SIMULATE_TRACKING) each poll moves every parcel one step on — posted, in
// transit, out for delivery, delivered — so the whole path shows locally (docs/integrations.md#melhor-envio).
import { DomainError } from '../../core/shared/errors';
import { nextSimulatedStep, type ParcelUpdate, type PurchasedLabel, type ShippingLabels, type TrackedParcel } from '../../core/shipping';

export class TableShippingLabels implements ShippingLabels {
  readonly provider = 'table';
  readonly buysLabels = false;

  constructor(private readonly options: { simulate: boolean; now?: () => Date }) {}

  async buyLabel(): Promise<PurchasedLabel> {
    throw new DomainError('invalid', 'tracking_code_required', 'Informe o código de rastreio para marcar o pedido como enviado.', { fields: { tracking_code: 'Informe o código de rastreio' } });
  }

  canTrack(): boolean {
    return this.options.simulate;
  }

  async track(parcels: readonly TrackedParcel[]): Promise<ParcelUpdate[]> {
    if (!this.options.simulate) return [];
    const now = this.options.now?.() ?? new Date();
    return parcels.flatMap((p) => {
      const next = nextSimulatedStep(p.status);
      return next ? [{ provider_order_id: p.provider_order_id, tracking_code: p.tracking_code, status: next, occurred_at: now }] : [];
    });
  }
}
