import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { products } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let member = "";
let other = "";
let staff = "";
const PRODUCT = 3;

beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  other = await s.login(DEMO_ACCOUNTS.shop2Member.phone, DEMO_ACCOUNTS.shop2Member.password);
  staff = await s.staffToken("operator");
});
afterAll(() => t.close());

type Lines = { open_until: string | null; lines: Array<{ order_line_id: number; can_review: boolean; review: unknown }> };
type Page = {
  average: number;
  count: number;
  items: Array<{ id: number; author: string; rating: number; photos: string[]; reply: string | null }>;
};

/** A member's order of the product, moved to `until` (paid or delivered). */
async function orderUpTo(until: "paid" | "delivered") {
  const v = await s.variantOf(PRODUCT);
  await s.setStock(v, 100);
  const { order_no } = await s.memberOrder(member, v);
  await t.services.payments.confirmOffline(order_no, "staff:1", "staff");
  if (until === "delivered") {
    await t.services.orders.advance(order_no, "processing", "staff:1");
    await t.services.orders.advance(order_no, "shipped", "staff:1", { trackingNo: "HCT1" });
    await t.services.orders.advance(order_no, "delivered", "staff:1");
  }
  const lines = await t.call<Lines>("GET", `/api/member/reviews?order_no=${order_no}`, { token: member });
  return { orderNo: order_no, lineId: lines.body.data.lines[0]?.order_line_id ?? 0, lines: lines.body.data };
}

async function uploadPhoto(token: string) {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#884422" } })
    .png()
    .toBuffer();
  const boundary = "----reviewPhotoBoundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  const r = await t.app.inject({
    method: "POST",
    url: "/api/member/reviews/photo",
    payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  return JSON.parse(r.body) as { status: boolean; data: { url: string } };
}

const review = (token: string, body: Record<string, unknown>) => t.call("POST", "/api/member/reviews", { token, body });
const reviewsOf = async (page = 1) => (await t.call<Page>("GET", `/api/product/reviews?id=${PRODUCT}&page=${page}`)).body.data;
const counters = async () =>
  (
    await t.database.db
      .select({ n: products.ratingCount, sum: products.ratingSum })
      .from(products)
      .where(eq(products.id, PRODUCT))
  )[0];

describe("product reviews (decision 98)", () => {
  test("an order not delivered yet cannot be reviewed", async () => {
    const o = await orderUpTo("paid");
    expect(o.lines.open_until).toBeNull();
    expect(o.lines.lines.every((l) => !l.can_review)).toBe(true);
    const r = await review(member, { order_no: o.orderNo, order_line_id: o.lineId, rating: 5 });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe("訂單送達後才能評價商品");
  });

  test("bad stars, too long a text or too many photos are refused in zh-TW, nothing saved", async () => {
    const o = await orderUpTo("delivered");
    const base = { order_no: o.orderNo, order_line_id: o.lineId };
    for (const [body, message] of [
      [{ ...base, rating: 6 }, "請選擇 1 到 5 顆星"],
      [{ ...base, rating: 0 }, "請選擇 1 到 5 顆星"],
      [{ ...base, rating: 4, body: "好".repeat(501) }, "評價內容最多 500 字"],
      [
        {
          ...base,
          rating: 4,
          photos: Array.from({ length: 4 }, () => "/uploads/reviews/1/202611/00000000-0000-0000-0000-000000000000.webp"),
        },
        "照片最多 3 張",
      ],
      [{ ...base, rating: 4, photos: ["https://evil.example/x.jpg"] }, "照片網址不正確，請重新上傳"],
    ] as const) {
      const r = await review(member, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.message).toContain(message);
    }
    // Someone else's photo (another member's folder) is refused too.
    const theirs = (await uploadPhoto(other)).data.url;
    expect((await review(member, { ...base, rating: 4, photos: [theirs] })).status).toBe(403);
    expect(
      (await t.call<Lines>("GET", `/api/member/reviews?order_no=${o.orderNo}`, { token: member })).body.data.lines[0]?.can_review,
    ).toBe(true);
  });

  test("another member's order is not theirs to review", async () => {
    const o = await orderUpTo("delivered");
    expect((await review(other, { order_no: o.orderNo, order_line_id: o.lineId, rating: 1 })).status).toBe(404);
    expect((await t.call("GET", `/api/member/reviews?order_no=${o.orderNo}`, { token: other })).status).toBe(404);
    expect((await review("", { order_no: o.orderNo, order_line_id: o.lineId, rating: 1 })).status).toBe(401);
  });

  test("one review per line, with a photo; shown only once approved; approving twice counts once; hiding takes it off", async () => {
    const before = await counters();
    const shownBefore = (await reviewsOf()).count;
    const o = await orderUpTo("delivered");
    expect(o.lines.open_until).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    const photo = await uploadPhoto(member);
    expect(photo.data.url).toMatch(/^\/uploads\/reviews\/\d+\/\d{6}\/[0-9a-f-]{36}\.webp$/);
    const first = await t.call<{ id: number; author: string }>("POST", "/api/member/reviews", {
      token: member,
      body: { order_no: o.orderNo, order_line_id: o.lineId, rating: 4, body: "茶香很足", photos: [photo.data.url] },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.author).toBe("王**");
    const again = await review(member, { order_no: o.orderNo, order_line_id: o.lineId, rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("這件商品已經評價過了，每件商品只能評價一次");

    // Pending: not on the product page, counters untouched.
    expect((await reviewsOf()).items.some((r) => r.id === first.body.data.id)).toBe(false);
    expect(await counters()).toEqual(before);

    const id = first.body.data.id;
    const list = await t.call<{ items: Array<{ id: number; status: string }> }>("GET", "/api/admin/reviews?status=pending", {
      token: staff,
    });
    expect(list.body.data.items.map((r) => r.id)).toContain(id);
    for (let i = 0; i < 2; i++)
      expect((await t.call("POST", `/api/admin/reviews/${id}/approve`, { token: staff })).status).toBe(200);
    expect(await counters()).toEqual({ n: (before?.n ?? 0) + 1, sum: (before?.sum ?? 0) + 4 });
    const shown = await reviewsOf();
    expect(shown.count).toBe(shownBefore + 1);
    expect(shown.items[0]).toMatchObject({ id, rating: 4, author: "王**", photos: [photo.data.url], reply: null });

    const replied = await t.call("POST", `/api/admin/reviews/${id}/reply`, { token: staff, body: { reply: "謝謝您的支持！" } });
    expect(replied.status).toBe(200);
    expect((await reviewsOf()).items[0]?.reply).toBe("謝謝您的支持！");

    // Cards carry the stars.
    const card = await t.call<{ list: Array<{ id: number; rating_count: number; rating: number }> }>(
      "GET",
      "/api/product/search?keyword=%E8%8C%B6&per_page=50",
    );
    const mine = card.body.data.list?.find((c) => c.id === PRODUCT);
    if (mine) expect(mine.rating_count).toBe((before?.n ?? 0) + 1);

    for (let i = 0; i < 2; i++)
      expect((await t.call("POST", `/api/admin/reviews/${id}/hide`, { token: staff })).status).toBe(200);
    expect(await counters()).toEqual(before);
    expect((await reviewsOf()).items.some((r) => r.id === id)).toBe(false);

    const audit = await t.call<{ items: Array<{ action: string }> }>("GET", `/api/admin/audit?entity=review&entity_id=${id}`, {
      token: await s.staffToken("owner"),
    });
    // Each change that changed something, once: approve, reply, hide (the repeated approve and hide changed nothing).
    expect(audit.body.data.items.map((a) => a.action).sort()).toEqual(["review.approve", "review.hide", "review.reply"]);
  });

  test("support staff may not moderate; reviews are taken for 90 days after delivery", async () => {
    const o = await orderUpTo("delivered");
    const support = await s.staffToken("support");
    expect((await t.call("POST", "/api/admin/reviews/1/approve", { token: support })).status).toBe(403);
    t.clock.advance(91 * 86_400);
    // Sessions expire meanwhile: sign in again.
    const fresh = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const r = await review(fresh, { order_no: o.orderNo, order_line_id: o.lineId, rating: 5 });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe("商品評價需於送達後 90 天內完成");
  });
});
