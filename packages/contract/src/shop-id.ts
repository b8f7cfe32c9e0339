/**
 * The brand's own mall; sub-malls are every other shop id (`/shop_N/`). Its own module so a page
 * can import it without pulling anything else into every chunk.
 */
export const MAIN_SHOP_ID = 1;
