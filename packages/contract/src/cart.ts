import { idSchema, shopIdSchema } from "./common.js";
import type { cartLine, cartView } from "./responses/cart.js";
import { z } from "./zod.js";

export const MAX_LINE_QTY = 99;

const qtySchema = z.coerce
  .number({ error: "數量格式錯誤" })
  .int({ error: "數量需為整數" })
  .min(1, { error: "數量至少為 1" })
  .max(MAX_LINE_QTY, { error: `數量最多為 ${MAX_LINE_QTY}` });

export const cartStoreInput = z.strictObject({
  variant_id: idSchema,
  qty: qtySchema.default(1),
  shop_id: shopIdSchema.optional(),
});
export const cartSearchInput = z.strictObject({ shop_id: shopIdSchema.optional() }).nullish();
export const cartUpdateInput = z
  .strictObject({ line_id: idSchema, qty: qtySchema.optional(), selected: z.boolean({ error: "選取狀態格式錯誤" }).optional() })
  .refine((v) => v.qty !== undefined || v.selected !== undefined, { error: "請提供數量或選取狀態" });
export const cartDeleteInput = z.strictObject({
  line_ids: z.array(idSchema, { error: "請提供要刪除的項目" }).min(1, { error: "請提供要刪除的項目" }).max(100),
});

export type CartLine = z.output<typeof cartLine>;
export type CartView = z.output<typeof cartView>;
