import type { Paged, Promotion, PromotionDetail } from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { formatMoney } from "@shop/contract/format";
import { and, asc, count, eq, gt, inArray, lte } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { promotionProducts, promotions } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import type { PromotionRule } from "../pricing/pricing.js";
import { createDeals } from "./deals.js";

type Row = typeof promotions.$inferSelect;
/** A rule with its window, as the quote keeps it. */
export interface ScheduledRule {
  startsAt: Date;
  endsAt: Date;
  rule: PromotionRule;
}

/** The rule in words, as the activity page and the checkout quote explain it. */
export function ruleText(p: Pick<Row, "kind" | "threshold" | "value" | "bundleQty" | "bundlePrice">): string {
  switch (p.kind) {
    case "amount_off":
      return `消費滿 ${formatMoney(p.threshold)} 折 ${formatMoney(p.value)}`;
    case "percent_off": {
      const discount = 100 - p.value;
      const label = discount % 10 === 0 ? `${discount / 10} 折` : `${discount} 折`;
      return `消費滿 ${formatMoney(p.threshold)} 享 ${label}`;
    }
    case "bundle_price":
      return `指定商品任選 ${p.bundleQty ?? 0} 件 ${formatMoney(p.bundlePrice ?? 0)}`;
  }
}

/** Promotions as the public sees them (activities). Applying them to a quote is checkout's job. */
export function createPromotionsService(db: Db, catalogue: CatalogueService, now: () => Date = () => new Date()) {
  const running = (shopId: number) =>
    and(eq(promotions.shopId, shopId), lte(promotions.startsAt, now()), gt(promotions.endsAt, now()));
  const deals = createDeals(db, now);

  const view = (p: Row): Promotion => ({
    id: p.id,
    title: p.title,
    kind: p.kind,
    rule_text: ruleText(p),
    summary: p.summary,
    image: p.image,
    starts_at: p.startsAt.toISOString(),
    ends_at: p.endsAt.toISOString(),
  });

  return {
    /** 加價購 and 滿額贈 running in a shop now (deals.ts, decision 93). */
    runningDeals: deals.running,
    /** Drops the kept deals (the cache switch, on every back-office write). */
    forgetDeals: deals.forget,

    /**
     * A shop's rules that have not ended, with their windows. The checkout quote keeps these a few
     * seconds (checkout/reference.ts) and picks the running ones at each use with runningRules, so
     * a rule starts and ends on the second whatever was kept.
     */
    async schedule(shopId: number): Promise<ScheduledRule[]> {
      const rows = await db
        .select()
        .from(promotions)
        .where(and(eq(promotions.shopId, shopId), gt(promotions.endsAt, now())));
      const links = rows.some((r) => r.kind === "bundle_price")
        ? await db
            .select()
            .from(promotionProducts)
            .where(
              inArray(
                promotionProducts.promotionId,
                rows.map((r) => r.id),
              ),
            )
        : [];
      return rows.map((p) => ({
        startsAt: p.startsAt,
        endsAt: p.endsAt,
        rule:
          p.kind === "bundle_price"
            ? {
                id: p.id,
                title: p.title,
                kind: "bundle_price",
                productIds: links.filter((l) => l.promotionId === p.id).map((l) => l.productId),
                bundleQty: p.bundleQty ?? 0,
                bundlePrice: p.bundlePrice ?? 0,
              }
            : { id: p.id, title: p.title, kind: p.kind, threshold: p.threshold, value: p.value },
      }));
    },

    /** The rules running now: the shop's own when it has any running, else the main mall's. */
    runningRules(own: ScheduledRule[], main: ScheduledRule[]): PromotionRule[] {
      const at = now();
      const running = (list: ScheduledRule[]) => list.filter((r) => r.startsAt <= at && at < r.endsAt).map((r) => r.rule);
      const mine = running(own);
      return mine.length > 0 ? mine : running(main);
    },

    async list(shopId: number, page: number, perPage: number): Promise<Paged<Promotion>> {
      // Sub-malls run the main mall's promotions unless they have their own.
      const [own] = await db.select({ n: count() }).from(promotions).where(running(shopId));
      const id = (own?.n ?? 0) > 0 ? shopId : MAIN_SHOP_ID;
      const [total] = await db.select({ n: count() }).from(promotions).where(running(id));
      const rows = await db
        .select()
        .from(promotions)
        .where(running(id))
        .orderBy(asc(promotions.endsAt), asc(promotions.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { list: rows.map(view), total: total?.n ?? 0, page, per_page: perPage };
    },

    async get(id: number, shopId: number): Promise<PromotionDetail> {
      const [p] = await db
        .select()
        .from(promotions)
        .where(and(eq(promotions.id, id), lte(promotions.startsAt, now()), gt(promotions.endsAt, now())));
      if (!p) throw notFound("PROMOTION_NOT_FOUND", "找不到此活動，可能已結束");
      const ids = (await db.select().from(promotionProducts).where(eq(promotionProducts.promotionId, id))).map(
        (r) => r.productId,
      );
      const products = await catalogue.cards(shopId, { ids, limit: 100 });
      return { ...view(p), description: p.description, products };
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
