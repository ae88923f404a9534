// Marketplace orders (docs/product/marketplace.md): the status flow as pure rules, the payment window and the delivery address.
import { z } from 'zod';
import { conflict, invalid } from '../shared/errors';
import { cepSchema, ufSchema, type AddressFields } from '../address';

export const ORDER_STATUSES = ['pending', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  preparing: 'Em preparação',
  shipped: 'Enviado',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
};

/**
 * Who moves an order: the payment (its confirmation, or a refund or chargeback it reports), the expiry job, an operator
 * (CLI / back office), or the carrier (its "delivered" step, order-parcel.service.ts).
 */
export type OrderActor = 'payment' | 'system' | 'operator' | 'carrier';

/**
 * Every allowed move and who may make it. `pending → paid` only by a confirmed payment; an unpaid order is
 * `cancelled` (expiry or operator); a paid one is never "cancelled" with the money kept: it is `refunded`.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>> = {
  pending: { paid: ['payment'], cancelled: ['system', 'operator'] },
  // `refunded` by a payment: the provider reports a refund or chargeback of the order's confirmed payment.
  paid: { preparing: ['operator'], refunded: ['operator', 'payment'] },
  preparing: { shipped: ['operator'], refunded: ['operator', 'payment'] },
  shipped: { delivered: ['operator', 'carrier'], refunded: ['operator', 'payment'] },
  delivered: { refunded: ['operator', 'payment'] },
  cancelled: {},
  refunded: {},
};

export function canTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return ORDER_TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The next statuses an actor may choose from `from` (for menus and the CLI's error message). */
export function nextStatuses(from: OrderStatus, actor: OrderActor): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canTransition(from, to, actor));
}

export const TERMINAL_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => Object.keys(ORDER_TRANSITIONS[s]).length === 0);

/** The column that records when an order reached each status. */
export const STATUS_TIMESTAMP: Record<Exclude<OrderStatus, 'pending'>, 'paid_at' | 'preparing_at' | 'shipped_at' | 'delivered_at' | 'cancelled_at' | 'refunded_at'> = {
  paid: 'paid_at',
  preparing: 'preparing_at',
  shipped: 'shipped_at',
  delivered: 'delivered_at',
  cancelled: 'cancelled_at',
  refunded: 'refunded_at',
};

export const trackingCodeSchema = z
  .string({ message: 'Informe o código de rastreio' })
  .trim()
  .min(4, { message: 'Código de rastreio inválido' })
  .max(60, { message: 'Código de rastreio inválido' })
  .regex(/^[A-Za-z0-9-]+$/, { message: 'Código de rastreio inválido' })
  .transform((v) => v.toUpperCase());

/** Throws the 409 (wrong state) or 400 (tracking code missing for `shipped`) an operator or a use case needs. */
export function assertTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor, options: { trackingCode?: string | null } = {}): void {
  if (!canTransition(from, to, actor)) {
    const options_ = nextStatuses(from, actor);
    throw conflict(
      'invalid_order_transition',
      `Um pedido "${ORDER_STATUS_LABELS[from]}" não pode passar para "${ORDER_STATUS_LABELS[to]}"` +
        (options_.length ? ` (possível: ${options_.join(', ')}).` : ' (estado final).'),
    );
  }
  if (to === 'shipped' && !trackingCodeSchema.safeParse(options.trackingCode ?? '').success) {
    throw invalid('tracking_code_required', 'Informe o código de rastreio para marcar o pedido como enviado.', { tracking_code: 'Informe o código de rastreio' });
  }
}

/** Stock goes back to the shelf when an order ends before leaving the warehouse. */
export function returnsStock(from: OrderStatus, to: OrderStatus): boolean {
  return (to === 'cancelled' || to === 'refunded') && (from === 'pending' || from === 'paid' || from === 'preparing');
}

/** The PIX charge expires in 30 minutes; the order (and its reserved stock) lives as long (docs/product/spec.md §9 polling window fits in it). */
export const ORDER_PAYMENT_MINUTES = 30;

export function orderExpiry(now: Date): Date {
  return new Date(now.getTime() + ORDER_PAYMENT_MINUTES * 60_000);
}

const required = (label: string, max: number) =>
  z
    .string({ message: `Informe ${label}` })
    .trim()
    .min(1, { message: `Informe ${label}` })
    .max(max, { message: `No máximo ${max} caracteres` });

/** The delivery address of an order (docs/product/spec.md §9: CEP of 8 digits; the mask is accepted). */
export const orderAddressSchema = z.object({
  cep: cepSchema,
  street: required('a rua', 200),
  number: required('o número', 20),
  complement: z
    .string()
    .trim()
    .max(80, { message: 'No máximo 80 caracteres' })
    .nullish()
    .transform((v) => v || null),
  district: required('o bairro', 120),
  city: required('a cidade', 120),
  state: ufSchema,
});
export type OrderAddressInput = z.input<typeof orderAddressSchema>;
export type OrderAddress = z.output<typeof orderAddressSchema>;

/** POST /api/orders: an address, or the one saved in the profile. */
export const createOrderSchema = z
  .object({
    address: z.unknown().optional(),
    use_saved_address: z.boolean().optional(),
    /** The freight option chosen (its id from the quote); the server prices it again. Omitted: the cheapest. */
    shipping_option_id: z.string().trim().min(1).max(80).optional(),
  })
  .refine((v) => v.address !== undefined || v.use_saved_address === true, { message: 'Informe o endereço de entrega', path: ['address'] });
export type CreateOrderInput = z.input<typeof createOrderSchema>;

/** The profile's saved address as an order address input (its fields are named like docs/product/spec.md §3 profiles). */
export function addressFromProfile(p: AddressFields): OrderAddressInput {
  return {
    cep: p.cep ?? '',
    street: p.address_street ?? '',
    number: p.address_number ?? '',
    complement: p.address_complement,
    district: p.address_district ?? '',
    city: p.address_city ?? '',
    state: p.address_state ?? '',
  };
}
