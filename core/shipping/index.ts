// Shipping: the ShippingQuote port, the freight rules (CEP → UF → region, cubic weight, free shipping) and
// the quotes of the product page, the cart and the order.
export * from './shipping-rules';
export * from './ports';
export * from './shipping.service';
export * from './parcel-rules';
