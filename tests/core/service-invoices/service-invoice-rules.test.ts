// The service invoice's rules: the state table (who may move it where), the provider's status applied, the fee rule.
import { describe, expect, it } from 'vitest';
import { canMoveServiceInvoice, feeServiceInvoiceAmount, serviceInvoiceDescription, serviceInvoiceMove, SERVICE_INVOICE_STATUS_LABELS, type ServiceInvoiceStatus } from '../../../core/service-invoices';

describe('the service invoice state table', () => {
  it.each<[ServiceInvoiceStatus, ServiceInvoiceStatus, 'provider' | 'system' | 'operator', boolean]>([
    ['scheduled', 'synchronised', 'provider', true],
    ['scheduled', 'authorised', 'provider', true],
    ['synchronised', 'authorised', 'provider', true],
    ['scheduled', 'cancelled', 'system', true],
    ['scheduled', 'error', 'system', true],
    ['authorised', 'cancelled', 'provider', true],
    ['authorised', 'cancelled', 'system', false],
    ['authorised', 'error', 'provider', true],
    ['error', 'scheduled', 'operator', true],
    ['error', 'scheduled', 'provider', false],
    ['error', 'authorised', 'provider', true],
    ['authorised', 'scheduled', 'provider', false],
    ['cancelled', 'authorised', 'provider', false],
    ['cancelled', 'scheduled', 'operator', false],
    ['synchronised', 'scheduled', 'operator', false],
  ])('%s → %s by %s: %s', (from, to, actor, allowed) => {
    expect(canMoveServiceInvoice(from, to, actor)).toBe(allowed);
  });

  it('has a Portuguese label for every status', () => {
    expect(Object.values(SERVICE_INVOICE_STATUS_LABELS)).toEqual(['Agendada', 'Enviada à prefeitura', 'Autorizada', 'Cancelada', 'Com erro']);
  });
});

describe('the provider status applied', () => {
  it.each<[ServiceInvoiceStatus, Parameters<typeof serviceInvoiceMove>[1], ServiceInvoiceStatus | null]>([
    ['scheduled', 'scheduled', null],
    ['scheduled', 'synchronised', 'synchronised'],
    ['scheduled', 'authorised', 'authorised'],
    ['synchronised', 'authorised', 'authorised'],
    ['authorised', 'synchronised', null], // an older event never moves it back
    ['authorised', 'cancelling', null],
    ['authorised', 'cancelled', 'cancelled'],
    ['authorised', 'cancel_denied', 'error'],
    ['synchronised', 'error', 'error'],
    ['cancelled', 'authorised', null],
    ['error', 'scheduled', null],
  ])('%s with the provider at %s → %s', (current, provider, expected) => {
    expect(serviceInvoiceMove(current, provider)).toBe(expected);
  });
});

describe('which purchase gets an invoice, and for how much', () => {
  it('the platform fee on a service plan, half-up; none for a product plan (goods) or a zero fee', () => {
    expect(feeServiceInvoiceAmount({ planKind: 'service', price: 12_345, feePercent: 10 })).toBe(1_235);
    expect(feeServiceInvoiceAmount({ planKind: null, price: 10_000, feePercent: 12.5 })).toBe(1_250);
    expect(feeServiceInvoiceAmount({ planKind: 'product', price: 10_000, feePercent: 10 })).toBeNull();
    expect(feeServiceInvoiceAmount({ planKind: 'service', price: 10_000, feePercent: 0 })).toBeNull();
  });

  it('the description comes from the configured template', () => {
    expect(serviceInvoiceDescription('Intermediação: {plano}', 'Clareamento')).toBe('Intermediação: Clareamento');
  });
});
