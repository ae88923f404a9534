// The ShippingQuote port: what a carrier (or the embedded table) offers for one parcel to one CEP.
import type { Uf } from '../address';
import type { CarrierOption, ShippingLine } from './shipping-rules';
import type { ParcelEventStatus, ParcelStatus } from './parcel-rules';

export interface ShippingQuoteRequest {
  /** 8 digits. */
  cep: string;
  /** The UF the CEP belongs to. */
  uf: Uf;
  lines: readonly ShippingLine[];
  /** Centavos: the products' value (declared value / insurance). */
  subtotal: number;
}

export interface ShippingQuote {
  /** Every service that can deliver this parcel; empty when none can (too heavy, area not served). */
  quote(request: ShippingQuoteRequest): Promise<CarrierOption[]>;
}

/** The products' shipping facts as the quote needs them (current catalogue). */
export interface ShippingProductFacts {
  id: string;
  name: string;
  price: number;
  active: boolean;
  weight_grams: number;
  height_cm: number;
  width_cm: number;
  length_cm: number;
}

export interface ShippingProductReader {
  shippingFacts(ids: readonly string[]): Promise<ShippingProductFacts[]>;
}

/** What the label needs: the order, the service chosen at checkout, who receives it and what goes in the box. */
export interface LabelRequest {
  order_id: string;
  /** The checkout's option id (e.g. `me-1`): the provider's service. */
  option_id: string | null;
  recipient: {
    name: string;
    /** CPF, digits only, when known. */
    document: string | null;
    email: string;
    phone: string | null;
    address: { cep: string; street: string; number: string; complement: string | null; district: string; city: string; state: string };
  };
  /** Centavos. */
  items: Array<{ name: string; quantity: number; unit_price: number }>;
  lines: readonly ShippingLine[];
}

/** A bought label: the provider's order, the carrier's tracking code and the printable label. */
export interface PurchasedLabel {
  provider_order_id: string;
  tracking_code: string;
  label_url: string | null;
}

/** One step a carrier reported for one parcel (by the provider's order id, or by the tracking code for typed ones). */
export interface ParcelUpdate {
  provider_order_id: string | null;
  tracking_code: string | null;
  status: ParcelEventStatus;
  occurred_at: Date;
}

/** A parcel the polling job asks about. */
export interface TrackedParcel {
  order_id: string;
  provider_order_id: string | null;
  tracking_code: string | null;
  status: ParcelStatus;
}

/**
 * Labels and tracking (docs/integrations.md#melhor-envio): Melhor Envio buys labels and reports the parcel's steps; the
 * embedded table buys none (the operator types the tracking code) and, in development, makes the steps up.
 */
export interface ShippingLabels {
  /** Stored with the shipment: which provider answers for it. */
  readonly provider: string;
  /** Whether `buyLabel` works (otherwise shipping needs a typed tracking code). */
  readonly buysLabels: boolean;
  buyLabel(request: LabelRequest): Promise<PurchasedLabel>;
  /** Whether `track` can follow this parcel (Melhor Envio: its own orders; the table: only when simulating). */
  canTrack(parcel: Pick<TrackedParcel, 'provider_order_id' | 'tracking_code'>): boolean;
  /** The newest step of each parcel the provider knows of (parcels it has nothing new for are left out). */
  track(parcels: readonly TrackedParcel[]): Promise<ParcelUpdate[]>;
}
