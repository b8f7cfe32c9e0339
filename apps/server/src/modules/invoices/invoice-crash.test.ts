import type { ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { StoreResult } from "@shop/contract";
import { asc, gt } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { invoices, variants } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS, seedDemo } from "../../demo/seed.js";
import { createFakeEcpayInvoice, ECPAY_STAGE_INVOICE } from "../../integrations/ecpay/fake-einvoice.js";
import { serverProcess, until } from "../../test/server-process.js";

/**
 * A real server process is killed (SIGKILL) between payment and invoice: one order's Issue call
 * reached ECPay (a local service speaking its protocol), which issued it but whose answer never came
 * back; the other orders' invoices were still queued. Restarted on the same database, every order
 * has exactly one invoice, and the one whose answer was lost is looked up, not issued again.
 * PGlite by default; PostgreSQL when TEST_DATABASE_URL is set.
 */
const server = serverProcess("invoice-crash");
const fake = createFakeEcpayInvoice(ECPAY_STAGE_INVOICE);
/** While `stalled`, ECPay carries out an Issue and never answers it. */
let stalled = true;
const ecpay = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const answer = fake.handle(req.url ?? "", Buffer.concat(chunks).toString());
  if (stalled && req.url?.endsWith("/Issue")) return; // issued at ECPay; the answer is lost with the process
  res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
});

function startServer(): ChildProcess {
  return server.start({
    LOG_LEVEL: "error",
    JOB_POLL_SECONDS: "1",
    EINVOICE_LEASE_SECONDS: "3",
    EINVOICE_SWEEP_SECONDS: "2",
    ECPAY_INVOICE_MERCHANT_ID: ECPAY_STAGE_INVOICE.merchantId,
    ECPAY_INVOICE_HASH_KEY: ECPAY_STAGE_INVOICE.hashKey,
    ECPAY_INVOICE_HASH_IV: ECPAY_STAGE_INVOICE.hashIV,
    ECPAY_INVOICE_API_URL: `http://127.0.0.1:${(ecpay.address() as AddressInfo).port}`,
  });
}

let child: ChildProcess | undefined;
afterAll(async () => {
  child?.kill("SIGKILL");
  ecpay.closeAllConnections();
  await new Promise((r) => ecpay.close(() => r(null)));
  await server.cleanUp();
});

describe("a crash between payment and invoice", () => {
  test("after the restart every paid order has exactly one invoice, the lost answer looked up rather than issued again", async () => {
    await new Promise<void>((r) => ecpay.listen(0, "127.0.0.1", r));
    await server.createDatabase();
    const prep = await server.open();
    await prep.migrate();
    await seedDemo(prep.db, server.dataDir);
    // Three demo variants with stock to sell.
    const onSale = await prep.db
      .select({ id: variants.id })
      .from(variants)
      .where(gt(variants.stock, 5))
      .orderBy(asc(variants.id))
      .limit(3);
    await prep.close();

    child = startServer();
    await server.waitHealthy();
    const token = (
      await server.post<{ token: string }>("/api/auth/login", {
        account: DEMO_ACCOUNTS.member.phone,
        password: DEMO_ACCOUNTS.member.password,
      })
    ).token;
    const paid: string[] = [];
    for (const { id: variantId } of onSale) {
      const { prime } = await server.post<{ prime: string }>("/api/payments/simulator/prime", {
        card_number: "4242424242424242",
        expiry: "12/30",
        ccv: "123",
      });
      const r = await server.post<StoreResult>(
        "/api/order/store/fast",
        {
          variant_id: variantId,
          qty: 1,
          ship_method: "hct",
          payment_method: "card",
          prime,
          receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
          address: { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 1 號" },
          invoice: { type: "mobile", carrier: "/ABC1234" },
        },
        token,
      );
      expect(r.next.type).toBe("done");
      paid.push(r.order_no);
    }

    // ECPay has issued the first invoice; its answer is on the wire when the process dies.
    await until("the first Issue at ECPay", () => fake.invoices.size >= 1, 30_000);
    child.kill("SIGKILL");
    await new Promise((r) => child?.once("exit", r));
    const issuedBeforeCrash = fake.invoices.size;
    expect(issuedBeforeCrash).toBeGreaterThanOrEqual(1);

    stalled = false;
    child = startServer();
    await until("every order invoiced", () => paid.every((no) => fake.invoices.has(no)), 60_000);
    // Give a wrong second Issue every chance to happen (the sweep runs every 2 s, jobs every second).
    await new Promise((r) => setTimeout(r, 3000));
    child.kill("SIGTERM");
    await new Promise((r) => child?.once("exit", r));
    child = undefined;

    // One Issue per order reached ECPay: the one whose answer was lost was looked up (GetIssue).
    expect(fake.calls.Issue).toBe(paid.length);
    expect(fake.calls.GetIssue ?? 0).toBeGreaterThanOrEqual(1);
    const db = await server.open();
    try {
      const rows = await db.db.select().from(invoices);
      expect(rows.map((r) => r.orderNo).sort()).toEqual([...paid].sort());
      for (const row of rows) {
        expect(row.status).toBe("issued");
        expect(row.invoiceNo).toBe(fake.invoices.get(row.orderNo)?.invoiceNo);
        expect(row.attemptedAt).toBeNull();
      }
    } finally {
      await db.close();
    }
  }, 180_000);
});
