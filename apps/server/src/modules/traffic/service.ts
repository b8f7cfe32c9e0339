import { TRAFFIC_SOURCE_LABELS } from "@shop/contract/seller-shop";
import { and, between, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { shopTraffic } from "../../db/schema/index.js";

type Kind = (typeof shopTraffic.$inferInsert)["kind"];
/** Past this many distinct counters in memory a flush starts at once (a burst of many products). */
const MAX_PENDING_KEYS = 5_000;

/** The Taipei calendar day of a moment, YYYY-MM-DD (UTC+8 all year: Taiwan keeps no summer time). */
const taipeiDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Where a visit came from: the link's utm_source when it names a known source, else the referring
 * site (LINE's in-app browser often sends none, its user agent says it), else direct.
 */
export function trafficSource(utmSource: string | null, referer: string | undefined, userAgent: string | undefined) {
  const utm = utmSource?.trim().toLowerCase();
  if (utm && utm in TRAFFIC_SOURCE_LABELS) return utm;
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
    if (pending.size >= MAX_PENDING_KEYS) void flush();
  };

  async function write(batch: Map<string, number>) {
    const rows = [...batch].map(([id, n]) => {
      const [shopId, day, kind, key] = id.split("|");
      return { shopId: Number(shopId), day: day as string, kind: kind as Kind, key: key as string, count: n };
    });
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insert(shopTraffic)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({
          target: [shopTraffic.shopId, shopTraffic.day, shopTraffic.kind, shopTraffic.key],
          set: { count: sql`${shopTraffic.count} + excluded.count` },
        });
    }
  }

  /** Writes what has been counted; on failure the counts are kept for the next flush. */
  function flush(): Promise<void> {
    if (flushing) return flushing;
    if (pending.size === 0) return Promise.resolve();
    const batch = pending;
    pending = new Map();
    flushing = write(batch)
      .catch(() => {
        for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
      })
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushEveryMs ?? 30_000);
  timer.unref();

  return {
    visit: (shopId: number, source: string) => count(shopId, "visit", source),
    productView: (shopId: number, productId: number) => count(shopId, "product_view", String(productId)),
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },

    /** A shop's counts for a period: visits per day and per source, views per product. */
    async report(shopId: number, from: string, to: string) {
      const rows = await db
        .select({ day: shopTraffic.day, kind: shopTraffic.kind, key: shopTraffic.key, count: shopTraffic.count })
        .from(shopTraffic)
        .where(and(eq(shopTraffic.shopId, shopId), between(shopTraffic.day, from, to)));
      const visitsByDay = new Map<string, number>();
      const visitsBySource = new Map<string, number>();
      const viewsByProduct = new Map<number, number>();
      for (const r of rows) {
        if (r.kind === "visit") {
          visitsByDay.set(r.day, (visitsByDay.get(r.day) ?? 0) + r.count);
          visitsBySource.set(r.key, (visitsBySource.get(r.key) ?? 0) + r.count);
        } else viewsByProduct.set(Number(r.key), (viewsByProduct.get(Number(r.key)) ?? 0) + r.count);
      }
      return { visitsByDay, visitsBySource, viewsByProduct };
    },
  };
}
export type Traffic = ReturnType<typeof createTraffic>;
