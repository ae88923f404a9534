// The public answers of the marketplace (products, the cart, orders), as zod schemas.
import { z } from 'zod';
import { ORDER_STATUSES } from './order-rules';
import { RETURN_STATUSES } from './order-return';
import { TIMELINE_EVENTS } from './order-timeline';
import { dateTimeAnswer } from '../shared/answer-schemas';

const stockState = z.enum(['available', 'low', 'sold_out']);
const categoryRef = z.object({ id: z.string(), name: z.string(), slug: z.string() });

export const productCategorySchema = z
  .object({ id: z.string(), name: z.string(), slug: z.string(), description: z.string().nullable() })
  .meta({ id: 'ProductCategory' });
export const productCategoryListSchema = z.object({ items: z.array(productCategorySchema), total: z.number().int() });

export const productSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    price: z.number().int(),
    stock_quantity: z.number().int().nullable(),
    stock_state: stockState,
    images: z.array(z.string()),
    image_url: z.string().nullable(),
    category: categoryRef.nullable(),
    created_at: dateTimeAnswer,
  })
  .meta({ id: 'Product' });
export const productListSchema = z
  .object({
    items: z.array(productSchema),
    total: z.number().int().meta({ description: 'Products matching, counted up to a ceiling (see total_capped).' }),
    total_capped: z.boolean().meta({ description: 'True when counting stopped: there are more than `total` (and a next page).' }),
    next_cursor: z.string().nullable().meta({ description: 'Send it as `cursor` for the next page (keyset), null on the last page.' }),
  })
  .meta({ id: 'ProductList' });

export const cartLineSchema = z
  .object({
    id: z.string(),
    item_type: z.enum(['product', 'plan']),
    product_id: z.string().nullable(),
    plan_id: z.string().nullable(),
    product_name: z.string(),
    product_price: z.number().int(),
    product_image_url: z.string().nullable(),
    quantity: z.number().int(),
    stock_quantity: z.number().int().nullable(),
    stock_state: stockState,
    subtotal: z.number().int(),
    available: z.boolean(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'CartLine' });

export const cartSchema = z
  .object({ items: z.array(cartLineSchema), total: z.number().int(), products_total: z.number().int(), count: z.number().int() })
  .meta({ id: 'Cart' });

/** The cart after a change, with what happened to each line sent. */
export const cartChangeSchema = cartSchema
  .extend({
    changes: z.array(
      z.object({
        item_type: z.enum(['product', 'plan']),
        id: z.string(),
        outcome: z.enum(['added', 'updated', 'capped', 'refused', 'removed', 'unchanged']),
        reason: z.string().nullable(),
      }),
    ),
    rows_written: z.number().int(),
  })
  .meta({ id: 'CartChange' });

const orderStatus = z.enum(ORDER_STATUSES);

export const orderSummarySchema = z
  .object({
    id: z.string(),
    number: z.string(),
    status: orderStatus,
    status_label: z.string(),
    payment_id: z.string().nullable(),
    total_amount: z.number().int(),
    /** The freight included in total_amount (0 for free shipping and orders before freight). */
    shipping_amount: z.number().int(),
    items_count: z.number().int(),
    created_at: dateTimeAnswer,
    expires_at: dateTimeAnswer.nullable(),
  })
  .meta({ id: 'OrderSummary' });
export const orderListSchema = z.object({ items: z.array(orderSummarySchema), total: z.number().int() }).meta({ id: 'OrderList' });

const pixSchema = z.object({ payload: z.string(), image: z.string(), expires_at: dateTimeAnswer });

export const orderSchema = orderSummarySchema
  .extend({
    subtotal: z.number().int(),
    /** The freight option chosen at checkout (null for orders placed before freight existed). */
    shipping: z.object({ option_id: z.string(), name: z.string(), amount: z.number().int(), days: z.number().int() }).nullable(),
    address: z.object({
      cep: z.string(),
      street: z.string(),
      number: z.string(),
      complement: z.string().nullable(),
      district: z.string(),
      city: z.string(),
      state: z.string(),
    }),
    tracking_code: z.string().nullable(),
    cancel_reason: z.string().nullable(),
    can_pay: z.boolean(),
    can_return: z.boolean(),
    return_deadline: dateTimeAnswer.nullable(),
    return_request: z
      .object({
        status: z.enum(RETURN_STATUSES),
        label: z.string(),
        reason: z.string(),
        reject_reason: z.string().nullable(),
        requested_at: dateTimeAnswer,
        decided_at: dateTimeAnswer.nullable(),
      })
      .nullable(),
    /** `plan` for a product plan shipped as an order (already paid through the group; its line is in plan_items). */
    source: z.enum(['cart', 'plan']),
    /** The plan line of a plan order (empty for a cart order). */
    plan_items: z.array(z.object({ plan_id: z.string(), product_name: z.string(), image_url: z.string().nullable(), unit_price: z.number().int(), quantity: z.number().int(), subtotal: z.number().int() })),
    items: z.array(
      z.object({
        product_id: z.string(),
        product_name: z.string(),
        image_url: z.string().nullable(),
        unit_price: z.number().int(),
        quantity: z.number().int(),
        subtotal: z.number().int(),
      }),
    ),
    payment: z
      .object({
        id: z.string(),
        status: z.string(),
        confirmed: z.boolean(),
        method: z.string(),
        amount: z.number().int(),
        confirmed_at: dateTimeAnswer.nullable(),
        invoice_url: z.string().optional(),
        boleto_url: z.string().optional(),
        pix: pixSchema.optional(),
      })
      .nullable(),
    timeline: z.array(z.object({ status: orderStatus, event: z.enum(TIMELINE_EVENTS).nullable(), label: z.string(), at: dateTimeAnswer, note: z.string().nullable() })),
  })
  .meta({ id: 'Order' });

/** GET /api/shipping/quote and GET /api/cart/shipping. */
export const shippingQuoteSchema = z
  .object({
    cep: z.string(),
    uf: z.string(),
    subtotal: z.number().int(),
    free_shipping_from: z.number().int(),
    missing_for_free_shipping: z.number().int(),
    options: z.array(
      z.object({
        id: z.string(),
        service: z.string(),
        carrier: z.string(),
        price: z.number().int(),
        original_price: z.number().int(),
        free: z.boolean(),
        days: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ShippingQuote' });
