import { trafficSourceLabel } from "@shop/contract/seller-shop";
import { and, between, desc, eq, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { shopTraffic } from "../../db/schema/index.js";

type Kind = (typeof shopTraffic.$inferInsert)["kind"];
/** Past this many distinct counters in memory a flush starts at once (a burst of many products). */
const MAX_PENDING_KEYS = 5_000;
/** After a failed write, counting waits this long before trying again early (the database is down). */
const RETRY_AFTER_MS = 10_000;
/** Products a report lists, most viewed first. */
const REPORT_PRODUCTS = 500;

/** The Taipei calendar day of a moment, YYYY-MM-DD (UTC+8 all year: Taiwan keeps no summer time). */
const taipeiDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Where a visit came from: the link's utm_source when it names a known source, else the referring
 * site (LINE's in-app browser often sends none, its user agent says it), else direct.
 */
export function trafficSource(utmSource: string | null, referer: string | undefined, userAgent: string | undefined) {
  const utm = utmSource?.trim().toLowerCase();
  if (utm && trafficSourceLabel(utm)) return utm;
  let host = "";
  try {
    host = referer ? new URL(referer).hostname.toLowerCase() : "";
  } catch {
    host = "";
  }
  const is = (...names: string[]) => names.some((n) => host === n || host.endsWith(`.${n}`));
  if (is("line.me", "line-apps.com") || (!host && / Line\//.test(userAgent ?? ""))) return "line";
  if (is("facebook.com", "fb.com", "fb.me", "messenger.com")) return "facebook";
  if (is("instagram.com")) return "instagram";
  if (/(^|\.)google\.[a-z.]+$/.test(host)) return "google";
  if (utm) return "other";
  return host ? "other" : "direct";
}

/**
 * Storefront traffic (decision 47): visits and product views are added up in memory and written
 * in one upsert per flush (every 30 s, at shutdown, or when many counters wait), so a page view
 * costs no database write; each instance adds its own counts, so several instances sum correctly.
 */
export function createTraffic(db: Db, options: { flushEveryMs?: number; now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  let pending = new Map<string, number>();
  let flushing: Promise<void> | undefined;
  let failedAt = 0;

  // The day string is made once a minute, not per view.
  let today = { minute: -1, day: "" };
  const dayNow = () => {
    const at = now();
    const minute = Math.floor(at.getTime() / 60_000);
    if (minute !== today.minute) today = { minute, day: taipeiDay(at) };
    return today.day;
  };
  const count = (shopId: number, kind: Kind, key: string) => {
    const id = `${shopId}|${dayNow()}|${kind}|${key}`;
    pending.set(id, (pending.get(id) ?? 0) + 1);
    if (pending.size >= MAX_PENDING_KEYS && Date.now() - failedAt > RETRY_AFTER_MS) void writePending();
  };

  /** One transaction per batch: it is written whole or not at all, so a retry never counts twice. */
  async function write(batch: Map<string, number>) {
    const rows = [...batch].map(([id, n]) => {
      const [shopId, day, kind, key] = id.split("|");
      return { shopId: Number(shopId), day: day as string, kind: kind as Kind, key: key as string, count: n };
    });
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 500)
        await tx
          .insert(shopTraffic)
          .values(rows.slice(i, i + 500))
          .onConflictDoUpdate({
            target: [shopTraffic.shopId, shopTraffic.day, shopTraffic.kind, shopTraffic.key],
            set: { count: sql`${shopTraffic.count} + excluded.count` },
          });
    });
  }

  /** Writes what is pending now; on failure the counts are kept for the next try. */
  function writePending(): Promise<void> {
    if (flushing) return flushing;
    if (pending.size === 0) return Promise.resolve();
    const batch = pending;
    pending = new Map();
    flushing = write(batch)
      .catch(() => {
        failedAt = Date.now();
        for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
      })
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  }

  /** Writes everything counted before the call (waiting out a write already under way). */
  async function flush(): Promise<void> {
    if (flushing) await flushing;
    await writePending();
  }

  const timer = setInterval(() => void writePending(), options.flushEveryMs ?? 30_000);
  timer.unref();

  return {
    visit: (shopId: number, source: string) => count(shopId, "visit", source),
    productView: (shopId: number, productId: number) => count(shopId, "product_view", String(productId)),
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },

    /** A shop's counts for a period, added up in SQL: visits per day and per source, views per product. */
    async report(shopId: number, from: string, to: string) {
      const inPeriod = (kind: Kind) =>
        and(eq(shopTraffic.shopId, shopId), eq(shopTraffic.kind, kind), between(shopTraffic.day, from, to));
      const total = sum(shopTraffic.count).mapWith(Number);
      const [byDay, bySource, byProduct] = await Promise.all([
        db.select({ key: shopTraffic.day, n: total }).from(shopTraffic).where(inPeriod("visit")).groupBy(shopTraffic.day),
        db.select({ key: shopTraffic.key, n: total }).from(shopTraffic).where(inPeriod("visit")).groupBy(shopTraffic.key),
        db
          .select({ key: shopTraffic.key, n: total })
          .from(shopTraffic)
          .where(inPeriod("product_view"))
          .groupBy(shopTraffic.key)
          .orderBy(desc(total))
          .limit(REPORT_PRODUCTS),
      ]);
      return {
        visitsByDay: new Map(byDay.map((r) => [r.key, r.n])),
        visitsBySource: new Map(bySource.map((r) => [r.key, r.n])),
        viewsByProduct: new Map(byProduct.map((r) => [Number(r.key), r.n])),
      };
    },
  };
}
export type Traffic = ReturnType<typeof createTraffic>;
