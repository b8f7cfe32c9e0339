import type { ChildProcess } from "node:child_process";
import type { StoreResult } from "@shop/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { orderLines, orders, stockMovements, variants } from "../../db/schema/index.js";
import { seedDemo } from "../../demo/seed.js";
import { serverProcess } from "../../test/server-process.js";
import { createInventoryService } from "../inventory/service.js";

/**
 * A real server process is killed (SIGKILL) in the middle of a stream of orders and restarted on
 * the same database: every order it acknowledged must be there, and stock must add up.
 * PGlite by default (a data folder), a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
const server = serverProcess("crash");
const STOCK = 400;

let variantId = 0;
let child: ChildProcess | undefined;

afterAll(async () => {
  child?.kill("SIGKILL");
  await server.cleanUp();
});

describe("a crash in the middle of a stream of orders", () => {
  test("every acknowledged order survives; stock is neither lost nor double-counted", async () => {
    await server.createDatabase();
    // Prepare the database, then hand it to the server process (PGlite allows one process).
    const prep = await server.open();
    await prep.migrate();
    await seedDemo(prep.db, server.dataDir);
    const [v] = await prep.db
      .select({ id: variants.id, stock: variants.stock })
      .from(variants)
      .where(eq(variants.sku, "TS-054-1"));
    if (!v) throw new Error("no demo variant TS-054-1");
    variantId = v.id;
    await createInventoryService(prep.db).adjust(v.id, STOCK - v.stock, "adjust", "crash-test");
    await prep.close();

    child = server.start({ LOG_LEVEL: "warn" });
    await server.waitHealthy();

    const acknowledged: string[] = [];
    const phoneOf = new Map<string, string>();
    let sent = 0;
    let stop = false;
    const buyer = async (n: number) => {
      while (!stop) {
        sent++;
        try {
          const r = await fetch(`${server.base}/api/order/store/fast`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              variant_id: variantId,
              qty: 1,
              ship_method: "hct",
              payment_method: "transfer",
              receiver: { name: "測試買家", phone: `0955${String(n).padStart(6, "0")}` },
              address: { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 1 號" },
              invoice: { type: "member" },
            }),
          });
          const body = (await r.json()) as { data: StoreResult };
          if (r.status === 200) {
            acknowledged.push(body.data.order_no);
            phoneOf.set(body.data.order_no, `0955${String(n).padStart(6, "0")}`);
          }
        } catch {
          // the process is gone: this request was never acknowledged
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const buyers = Array.from({ length: 16 }, (_, i) => buyer(i));
    // Kill it once a good number of orders went through, while requests are in flight.
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 20));
    child.kill("SIGKILL");
    await new Promise((r) => child?.once("exit", r));
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(buyers);
    expect(sent).toBeGreaterThan(acknowledged.length);

    child = server.start({ LOG_LEVEL: "warn" });
    await server.waitHealthy();
    for (const orderNo of new Set(acknowledged)) {
      const r = await fetch(`${server.base}/api/order/detail`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ order_no: orderNo, phone: phoneOf.get(orderNo) }),
      });
      expect(r.status).toBe(200);
    }
    child.kill("SIGTERM");
    await new Promise((r) => child?.once("exit", r));
    child = undefined;

    const db = await server.open();
    try {
      const found = await db.db.select({ no: orders.orderNo }).from(orders);
      const stored = new Set(found.map((o) => o.no));
      const missing = acknowledged.filter((no) => !stored.has(no));
      expect(missing).toEqual([]);
      const [v2] = await db.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId));
      const [sold] = await db.db
        .select({ n: sql<number>`coalesce(sum(${orderLines.qty}), 0)::int` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orderLines.variantId, variantId), eq(orders.status, "pending_payment")));
      // Stock + what live orders hold = what we started with: nothing lost, nothing counted twice.
      expect((v2?.stock ?? 0) + Number(sold?.n)).toBe(STOCK);
      expect(await createInventoryService(db.db).unbalanced()).toEqual([]);
      // No order reservation without its order (a transaction is all or nothing). Other refs
      // (raffle prizes set aside, exchanges) are not orders.
      const orphans = await db.db
        .select({ ref: stockMovements.ref })
        .from(stockMovements)
        .where(
          and(
            eq(stockMovements.reason, "reserve"),
            sql`${stockMovements.ref} like 'order:%'`,
            sql`not exists (select 1 from ${orders} o where 'order:' || o.order_no = ${stockMovements.ref})`,
          ),
        );
      expect(orphans).toEqual([]);
    } finally {
      await db.close();
    }
  }, 180_000);
});
