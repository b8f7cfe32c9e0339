import type { StoreResult } from "@shop/contract";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { idempotencyKeys } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../../test/harness.js";
import { memberFastOrder, orderSteps } from "../../test/order-helpers.js";
import { QUEUED_MESSAGE } from "./admission.js";

// The checkout line over HTTP (decision 100): one place, no line — whoever comes while a quote is
// worked on is answered 429 QUEUED with Retry-After in the API's error shape, never a 5xx.
let t: TestApp;
let variant: number;
beforeAll(async () => {
  t = await createTestApp({ env: { CHECKOUT_MAX_IN_FLIGHT: "1", CHECKOUT_QUEUE_MAX: "0" } });
  variant = await orderSteps(t).variantOf(12);
  await orderSteps(t).setStock(variant, 50);
});
afterAll(() => t.close());

test("a full line answers 429 「目前排隊中，請稍候再試」 with Retry-After; the admitted are answered", async () => {
  const quote = () =>
    t.app.inject({
      method: "POST",
      url: "/api/order/pay_info/fast",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ variant_id: variant, qty: 1, ship_method: "hct" }),
    });
  const answers = await Promise.all(Array.from({ length: 6 }, quote));
  const codes = answers.map((a) => a.statusCode);
  expect(codes).toContain(200);
  expect(codes).toContain(429);
  expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
  const refused = answers.find((a) => a.statusCode === 429);
  expect(refused?.headers["retry-after"]).toBe("1");
  const body = refused?.json() as { status: boolean; message: string; data: { retry_after_s: number } };
  expect([body.status, body.message, body.data.retry_after_s]).toEqual([false, QUEUED_MESSAGE, 1]);
  // The place was given back: the next one is answered.
  expect((await quote()).statusCode).toBe(200);
});

test("over real connections the line holds too: a request whose body was read is not taken for one that left", async () => {
  // Node marks a request destroyed once its body is read; the line once took every such request
  // for one whose client had gone, gave its place back at once and so let everyone in (decision 105).
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const quote = () =>
    fetch(`${address}/api/order/pay_info/fast`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ variant_id: variant, qty: 1, ship_method: "hct" }),
    }).then((r) => r.status);
  const codes = await Promise.all(Array.from({ length: 8 }, quote));
  expect(codes).toContain(200);
  expect(codes).toContain(429);
  expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
  // The buyer here shares the server's event loop: its answer may come before the server hears it was sent.
  await expect.poll(() => t.services.checkoutAdmission.load()).toEqual({ inFlight: 0, waiting: 0 });
  expect(await quote()).toBe(200);
});

test("a keyed 立即購買 of a variant just found sold out is refused 409 without an order, its key given back; a placed one's retry gets its order", async () => {
  const token = await loginAs(t, DEMO_ACCOUNTS.member);
  const steps = orderSteps(t);
  const sold = await steps.variantOf(13);
  await steps.setStock(sold, 1);
  const store = (key: string) =>
    t.call<StoreResult>("POST", "/api/order/store/fast", {
      token,
      headers: { "idempotency-key": key },
      body: memberFastOrder(sold),
    });
  const placed = await store("flash-key-placed");
  expect(placed.status).toBe(200);
  // The last unit is gone: the next quote finds it so, and the instance remembers.
  const quote = await t.call("POST", "/api/order/pay_info/fast", {
    token,
    body: { variant_id: sold, qty: 1, ship_method: "hct" },
  });
  expect([quote.status, quote.body.message]).toEqual([409, "「文山包種茶」已售完"]);
  // Refused by the memory (its short message), before any quote or transaction.
  const refused = await store("flash-key-late");
  expect([refused.status, refused.body.message]).toEqual([409, "商品已售完"]);
  const keys = await t.database.db
    .select({ key: idempotencyKeys.scopeKey })
    .from(idempotencyKeys)
    .where(like(idempotencyKeys.scopeKey, "%:flash-key-%"));
  expect(keys.map((k) => k.key.split(":").at(-1))).toEqual(["flash-key-placed"]);
  // The retry of the order that was placed still gets that order, sold out or not.
  const retry = await store("flash-key-placed");
  expect([retry.status, retry.body.data.order_no]).toEqual([200, placed.body.data.order_no]);
  expect(await steps.stockOf(sold)).toBe(0);
});

test("a buyer who leaves while in line gives the place back: the line empties and the next is answered", async () => {
  const lined = await createTestApp({
    env: { CHECKOUT_MAX_IN_FLIGHT: "1", CHECKOUT_QUEUE_MAX: "10", CHECKOUT_QUEUE_WAIT_MS: "5000" },
  });
  try {
    const address = await lined.app.listen({ port: 0, host: "127.0.0.1" });
    const quote = (signal?: AbortSignal) =>
      fetch(`${address}/api/order/pay_info/fast`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ variant_id: variant, qty: 1, ship_method: "hct" }),
        signal,
      }).then(
        (r) => r.status,
        () => 0,
      );
    const leavers = Array.from({ length: 4 }, () => quote(AbortSignal.timeout(15)));
    const stayers = Array.from({ length: 2 }, () => quote());
    const codes = await Promise.all([...leavers, ...stayers]);
    expect(codes.slice(4)).toEqual([200, 200]);
    await expect.poll(() => lined.services.checkoutAdmission.load()).toEqual({ inFlight: 0, waiting: 0 });
    expect(await quote()).toBe(200);
  } finally {
    // A buyer that left while still connecting leaves a connection with nothing on it, which the
    // server would time out after minutes: closed here so the test does not wait for that.
    lined.app.server.closeAllConnections();
    await lined.close();
  }
});
