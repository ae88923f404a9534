// The catalogue's page size, shared by /marketplace/products and the server render (web/ssr/pages.ts), which must not
// import the screen itself (it is a lazy chunk of the browser's build).
export const PRODUCTS_PER_PAGE = 12;
