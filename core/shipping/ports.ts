// The ShippingQuote port: what a carrier (or the embedded table) offers for one parcel to one CEP.
import type { Uf } from '../address';
import type { CarrierOption, ShippingLine } from './shipping-rules';

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
