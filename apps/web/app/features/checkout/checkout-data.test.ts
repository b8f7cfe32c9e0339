import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type PlaceRequest, placeOrder, quote } from "./checkout-data";

// The checkout's answers to a 限時搶購 rush (decision 100): a 429 「目前排隊中」 is marked queued, so the
// page shows the message and the buyer presses again (no re-quote, the same key); a refusal is not.

const QUEUED = "目前排隊中，請稍候再試";
const shop = { path: (p: string) => p } as unknown as Parameters<typeof placeOrder>[1];
const request = { intent: "place", fast: true, order: {}, idempotency_key: "k-12345678" } as unknown as PlaceRequest;

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })),
  );
}

beforeEach(() => {
  // A storage that throws reads as none (lib/storage.ts).
  vi.stubGlobal("window", { location: { origin: "http://shop.test", pathname: "/checkout", search: "" } });
  vi.stubGlobal("document", { documentElement: { lang: "zh-Hant-TW" } });
});
afterEach(() => vi.unstubAllGlobals());

describe("checkout answers in a rush", () => {
  it("a 429 on placing the order is queued, with the server's message", async () => {
    answer(429, { status: false, message: QUEUED, data: { retry_after_s: 1 } });
    expect(await placeOrder(request, shop)).toEqual({ intent: "place", ok: false, message: QUEUED, errors: [], queued: true });
  });

  it("已售完 (409) is an ordinary refusal, not queued", async () => {
    answer(409, { status: false, message: "庫存不足，部分商品已售完", data: { variant_id: 3 } });
    const r = await placeOrder(request, shop);
    expect(r).toEqual({ intent: "place", ok: false, message: "庫存不足，部分商品已售完", errors: [] });
  });

  it("a 429 on the quote is queued (asked again shortly); a refusal is shown as it is", async () => {
    answer(429, { status: false, message: QUEUED, data: { retry_after_s: 1 } });
    expect(await quote({ intent: "quote", fast: true, quote: "{}" })).toEqual({
      intent: "quote",
      quoted: "{}",
      info: null,
      error: QUEUED,
      queued: true,
    });
    answer(409, { status: false, message: "「茶」已售完", data: null });
    expect((await quote({ intent: "quote", fast: true, quote: "{}" })).queued).toBeUndefined();
  });
});
