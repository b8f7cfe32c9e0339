import { MAIN_SHOP_ID } from "@shop/contract";
import type { Db } from "../../db/client.js";
import { shipMethods } from "../../db/schema/index.js";

/**
 * Every way the main mall can deliver, as rows staff edit in 運費設定 (they can edit, not add).
 * A new shop gets them switched off with a common fee: staff switch on what their contracts cover.
 */
const SHIP_METHOD_DEFAULTS = [
  { code: "hct" as const, name: "宅配到府", fee: 120, freeThreshold: null },
  { code: "tcat" as const, name: "黑貓宅急便", fee: 130, freeThreshold: null },
  { code: "post" as const, name: "中華郵政宅配", fee: 100, freeThreshold: null },
  { code: "cvs_711" as const, name: "7-ELEVEN 超商取貨", fee: 65, freeThreshold: null },
  { code: "cvs_family" as const, name: "全家超商取貨", fee: 65, freeThreshold: null },
  { code: "cvs_hilife" as const, name: "萊爾富超商取貨", fee: 65, freeThreshold: null },
  { code: "cvs_ok" as const, name: "OK 超商取貨", fee: 65, freeThreshold: null },
  { code: "depot" as const, name: "雲端庫存（暫不出貨）", fee: 0, freeThreshold: null },
];

/** Adds the main mall's missing ship methods, switched off; existing ones are left as staff set them. */
export async function ensureShipMethods(db: Db): Promise<void> {
  await db
    .insert(shipMethods)
    .values(SHIP_METHOD_DEFAULTS.map((m, sort) => ({ ...m, shopId: MAIN_SHOP_ID, enabled: false, sort })))
    .onConflictDoNothing({ target: [shipMethods.shopId, shipMethods.code] });
}
