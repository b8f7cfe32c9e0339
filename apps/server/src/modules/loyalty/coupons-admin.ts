import type { couponInput } from "@shop/contract/admin";
import { formatMoney } from "@shop/contract/format";
import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { couponCodes, couponRedemptions, coupons, memberCoupons } from "../../db/schema/index.js";
import { adminTable } from "../../lib/admin-table.js";
import { fieldError } from "../../lib/errors.js";
import { codeBatch } from "./code-batch.js";

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
      // One after the other: inside a write's transaction there is one connection.
      const [issued] = await q.select({ n: count() }).from(memberCoupons).where(eq(memberCoupons.couponId, c.id));
      const [redeemed] = await q
        .select({ n: count() })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, c.id), isNull(couponRedemptions.releasedAt)));
      const [codes] = await q
        .select({ total: count(), used: count(couponCodes.usedOrderNo) })
        .from(couponCodes)
        .where(eq(couponCodes.couponId, c.id));
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
        issue: c.issue,
        code: c.code,
        starts_at: c.startsAt?.toISOString() ?? null,
        ends_at: c.endsAt?.toISOString() ?? null,
        total_limit: c.totalLimit,
        per_member_limit: c.perMemberLimit,
        active: c.active,
        redeemed: redeemed?.n ?? 0,
        codes_total: codes?.total ?? 0,
        codes_used: codes?.used ?? 0,
      };
    },
    columns: (c: Input) => ({
      title: c.title,
      kind: c.kind,
      value: c.value,
      minSpend: c.min_spend,
      productIds: [...new Set(c.product_ids)],
      categoryIds: [...new Set(c.category_ids)],
      issue: c.issue,
      code: c.issue === "shared" ? c.code : null,
      startsAt: c.starts_at ? new Date(c.starts_at) : null,
      endsAt: c.ends_at ? new Date(c.ends_at) : null,
      totalLimit: c.total_limit,
      perMemberLimit: c.per_member_limit,
      active: c.active,
    }),
    check: async (tx: Tx, c: Input, id: number | null) => {
      if (id !== null) {
        const [was] = await tx.select({ issue: coupons.issue }).from(coupons).where(eq(coupons.id, id));
        if (was && was.issue !== c.issue) throw fieldError("issue", "優惠券建立後不能變更發放方式");
      }
      if (c.issue !== "shared" || !c.code) return;
      const [taken] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, c.code));
      const [single] = await tx.select({ id: couponCodes.id }).from(couponCodes).where(eq(couponCodes.code, c.code));
      if ((taken && taken.id !== id) || single) throw fieldError("code", "此優惠碼已被其他優惠券使用");
    },
    orderBy: [desc(coupons.id)] as SQL[],
  });
  return {
    list: (page: number, perPage: number) => table.list(undefined, page, perPage),
    get: table.get,
    create: table.create,
    update: table.update,
    ...codeBatch(db, table.row),
  };
}
export type CouponsAdmin = ReturnType<typeof createCouponsAdmin>;
