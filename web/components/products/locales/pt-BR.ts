// Texts of the product card: stock badge, add to cart and its toasts.
const productCard = {
  stock: { available: 'Em estoque', low: 'Últimas unidades', sold_out: 'Esgotado' },
  toast: {
    added_one: 'Adicionado ao carrinho',
    added_other: '{{count}} unidades adicionadas ao carrinho',
    capped_one: 'Só resta 1 unidade',
    capped_other: 'Só restam {{count}} unidades',
    cappedBody: 'Seu carrinho ficou com todas as unidades disponíveis de {{name}}.',
    allInCart: 'Você já tem todas as unidades disponíveis no carrinho',
    soldOut: 'Produto esgotado',
    seeCart: 'Ver carrinho',
  },
  card: {
    add: 'Adicionar',
    addLabel: 'Adicionar {{name}} ao carrinho',
    soldOutLabel: '{{name}} está esgotado',
    allInCart: 'Tudo no carrinho',
    inCart_one: '{{count}} no carrinho',
    inCart_other: '{{count}} no carrinho',
  },
};

export default productCard;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ProductCardMessages = Widen<typeof productCard>;
