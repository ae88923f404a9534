// The cart's rules, loaded on first use: core's docs/product/spec.md §5 rules and the difference a sync sends. Kept out
// of the entry chunk (core's modules bring zod along); the provider preloads it when the page is idle.
export { addToCart, decrementItem, incrementItem, removeItem, setItemQuantity, CART_SYNC_DELAY_MS } from '../../../core/marketplace/cart-rules';
export { cartChangesBetween } from '../../../core/marketplace/cart';
