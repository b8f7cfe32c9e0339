import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTapPayClient } from "./client.js";
import { createFakeTapPay, SANDBOX_TEST_PRIME } from "./fake.js";

// The real client over real HTTP against a local server that speaks TapPay's protocol.
const fake = createFakeTapPay({
  partnerKey: "partner_test",
  merchantId: "merchant_test",
  threeDsPageUrl: "https://bank.test/3ds",
});
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await fake.listen();
});
afterAll(() => server.close());

const request = (prime: string, amount = 1200) => ({
  prime,
  amount,
  orderNumber: "20261122000001",
  details: "測試訂單",
  cardholder: { phone_number: "0912345678", name: "王小明", email: "" },
  threeDomainSecure: true,
  resultUrl: {
    frontend_redirect_url: "https://shop.test/orderfinish",
    backend_notify_url: "https://shop.test/notify",
    go_back_url: "https://shop.test/",
  },
});

describe("TapPay client against a fake TapPay server", () => {
  test("pay by prime, read the record, refund", async () => {
    const client = createTapPayClient({ baseUrl: server.url, partnerKey: "partner_test", merchantId: "merchant_test" });
    const paid = await client.payByPrime(request(SANDBOX_TEST_PRIME));
    expect(paid).toMatchObject({ status: 0, amount: 1200, card_info: { last_four: "4242" } });
    const record = await client.record(paid.rec_trade_id ?? "");
    expect(record).toMatchObject({ amount: 1200, record_status: 1, order_number: "20261122000001" });
    expect((await client.refund(paid.rec_trade_id ?? "", 1200)).status).toBe(0);
    expect((await client.record(paid.rec_trade_id ?? ""))?.record_status).toBe(3);
  });

  test("partial refunds add up to the amount and no further; an order's trades are found by its number", async () => {
    const client = createTapPayClient({ baseUrl: server.url, partnerKey: "partner_test", merchantId: "merchant_test" });
    const paid = await client.payByPrime({ ...request(SANDBOX_TEST_PRIME, 900), orderNumber: "20261122000777" });
    const rec = paid.rec_trade_id ?? "";
    expect((await client.refund(rec, 400)).status).toBe(0);
    expect((await client.record(rec))?.record_status).toBe(1);
    expect((await client.refund(rec, 600)).status).not.toBe(0);
    expect((await client.refund(rec, 500)).status).toBe(0);
    expect((await client.record(rec))?.record_status).toBe(3);
    expect((await client.recordsByOrder("20261122000777")).map((r) => r.rec_trade_id)).toEqual([rec]);
    expect(await client.recordsByOrder("20261122000778")).toEqual([]);
  });

  test("a wrong partner key, a forged, reused or expired prime are refused", async () => {
    const wrongKey = createTapPayClient({ baseUrl: server.url, partnerKey: "stolen", merchantId: "merchant_test" });
    expect((await wrongKey.payByPrime(request(SANDBOX_TEST_PRIME))).status).not.toBe(0);
    const client = createTapPayClient({ baseUrl: server.url, partnerKey: "partner_test", merchantId: "merchant_test" });
    expect((await client.payByPrime(request("forged_prime_value"))).status).not.toBe(0);
    const prime = fake.issuePrime("4242424242424242");
    expect((await client.payByPrime(request(prime))).status).toBe(0);
    expect((await client.payByPrime(request(prime))).status).not.toBe(0);

    let clock = Date.now();
    const timed = createFakeTapPay({ partnerKey: "k", merchantId: "m", threeDsPageUrl: "x", now: () => clock });
    const old = timed.issuePrime("4242424242424242");
    clock += 91_000;
    const c2 = createTapPayClient({ baseUrl: "http://in-process", partnerKey: "k", merchantId: "m", fetch: timed.fetch });
    expect((await c2.payByPrime(request(old))).msg).toBe("Prime expired");
  });

  test("a 3-D Secure card answers with a payment_url and stays pending until the bank approves", async () => {
    const client = createTapPayClient({ baseUrl: server.url, partnerKey: "partner_test", merchantId: "merchant_test" });
    const r = await client.payByPrime(request(fake.issuePrime("4000000000003220")));
    expect(r.payment_url).toContain("https://bank.test/3ds");
    expect((await client.record(r.rec_trade_id ?? ""))?.record_status).toBe(4);
    const done = fake.complete3ds(r.rec_trade_id ?? "", true);
    expect(done?.notifyUrl).toBe("https://shop.test/notify");
    expect((await client.record(r.rec_trade_id ?? ""))?.record_status).toBe(1);
  });

  test("an unreachable TapPay is an error the caller sees (no silent success)", async () => {
    const client = createTapPayClient({ baseUrl: "http://127.0.0.1:9", partnerKey: "p", merchantId: "m", timeoutMs: 2000 });
    await expect(client.payByPrime(request(SANDBOX_TEST_PRIME))).rejects.toThrow();
  });
});
