import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";
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
