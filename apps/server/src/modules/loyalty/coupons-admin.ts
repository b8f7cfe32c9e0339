import type { couponInput } from "@shop/contract/admin";
import { formatMoney } from "@shop/contract/format";
import { count, desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { coupons, memberCoupons } from "../../db/schema/index.js";
import { adminTable } from "../../lib/admin-table.js";

type Input = z.infer<typeof couponInput>;
/** 10% off reads 9 折, 15% off 85 折 (how Taiwanese shops say it). */
const discountLabel = (percentOff: number) => {
  const pay = 100 - percentOff;
  return `${pay % 10 === 0 ? pay / 10 : pay} 折`;
};

/** Coupon templates staff define and issue to members (a member's copy has its own expiry). */
export function createCouponsAdmin(db: Db) {
  const table = adminTable(db, {
    table: coupons,
    missing: "找不到此優惠券",
    view: async (c: typeof coupons.$inferSelect, q: Db | Tx) => {
      const [issued] = await q.select({ n: count() }).from(memberCoupons).where(eq(memberCoupons.couponId, c.id));
      return {
        id: c.id,
        title: c.title,
        kind: c.kind,
        value: c.value,
        min_spend: c.minSpend,
        rule_text: `${c.minSpend > 0 ? `滿 ${formatMoney(c.minSpend)} ` : ""}${c.kind === "amount" ? `折 ${formatMoney(c.value)}` : `打 ${discountLabel(c.value)}`}`,
        product_ids: c.productIds,
        category_ids: c.categoryIds,
        issued: issued?.n ?? 0,
      };
    },
    columns: (c: Input) => ({
      title: c.title,
      kind: c.kind,
      value: c.value,
      minSpend: c.min_spend,
      productIds: [...new Set(c.product_ids)],
      categoryIds: [...new Set(c.category_ids)],
    }),
    orderBy: [desc(coupons.id)] as SQL[],
  });
  return {
    list: (page: number, perPage: number) => table.list(undefined, page, perPage),
    get: table.get,
    create: table.create,
    update: table.update,
  };
}
export type CouponsAdmin = ReturnType<typeof createCouponsAdmin>;
