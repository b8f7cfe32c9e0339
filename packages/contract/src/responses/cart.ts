import { z } from "../zod.js";
import { stockState } from "./catalogue.js";

const int = z.number().int();

export const cartLine = z.object({
  line_id: int,
  variant_id: int,
  product_id: int,
  name: z.string(),
  variant_name: z.string(),
  image: z.string(),
  price: int,
  list_price: int,
  qty: int,
  subtotal: int,
  selected: z.boolean(),
  stock_state: stockState,
  /** False when the product left the shelf or the shop, or the quantity exceeds what can be bought now. */
  available: z.boolean(),
  /** The most this line may hold now (stock and per-order limit), 0 when unavailable. */
  max_qty: int,
  /** Part of the line would be sold on pre-order (decision 96): the expected ship date, YYYY-MM-DD. */
  preorder_ship_on: z.string().optional(),
});

export const cartView = z.object({
  /** A visitor's cart token (send it back as X-Cart-Token); null for members. */
  cart_token: z.string().nullable(),
  lines: z.array(cartLine),
  selected_count: int,
  /** Sum of the selected, available lines' subtotals (NT$). Shipping and discounts come with the quote. */
  goods_amount: int,
});
