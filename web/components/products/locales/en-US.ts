import type { ProductCardMessages } from './pt-BR';

const productCard: ProductCardMessages = {
  stock: { available: 'In stock', low: 'Last units', sold_out: 'Sold out' },
  toast: {
    added_one: 'Added to cart',
    added_other: '{{count}} units added to cart',
    capped_one: 'Only 1 unit left',
    capped_other: 'Only {{count}} units left',
    cappedBody: 'Your cart now holds every available unit of {{name}}.',
    allInCart: 'Every available unit is already in your cart',
    soldOut: 'Sold out',
    seeCart: 'View cart',
  },
  card: {
    add: 'Add',
    addLabel: 'Add {{name}} to cart',
    soldOutLabel: '{{name}} is sold out',
    allInCart: 'All in cart',
    inCart_one: '{{count}} in cart',
    inCart_other: '{{count}} in cart',
  },
};

export default productCard;
