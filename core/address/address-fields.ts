// A saved Brazilian address as profiles and professionals store and answer it (docs/product/spec.md §3 field names).
import { z } from 'zod';

export interface AddressFields {
  cep: string | null;
  address_street: string | null;
  address_number: string | null;
  address_complement: string | null;
  address_district: string | null;
  address_city: string | null;
  address_state: string | null;
}

/** The same fields in an API answer (the CEP's own nullability is the record's to say). */
export const addressAnswerFields = {
  address_street: z.string().nullable(),
  address_number: z.string().nullable(),
  address_complement: z.string().nullable(),
  address_district: z.string().nullable(),
  address_city: z.string().nullable(),
  address_state: z.string().nullable(),
};
