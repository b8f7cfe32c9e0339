import type { DealerCard, Paged, Promotion, PromotionDetail, QuickOrderEntry, ShipMethodView } from "@shop/contract";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inquiries, shopSettings } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("home content blocks", () => {
  test("quick-order entries carry today's variant price", async () => {
    const r = await t.call<QuickOrderEntry[]>("GET", "/api/front/fastoder/get");
    expect(r.body.data.map((q) => q.title)).toEqual(["阿里山金萱烏龍 隨手包", "土鳳梨酥 6 入", "春節好運禮盒"]);
    expect(r.body.data.every((q) => Number.isInteger(q.price) && q.price > 0)).toBe(true);
  });

  test("single image, two-image row, featured dealers", async () => {
    const single = await t.call<{ title: string; link: string }>("GET", "/api/front/singleimage/get");
    expect(single.body.data.title).toBe("會員獨享 消費滿額送點數");
    const twice = await t.call<unknown[]>("GET", "/api/front/twiceimage/search");
    expect(twice.body.data.length).toBe(2);
    const dealers = await t.call<DealerCard[]>("GET", "/api/front/dealer/search");
    expect(dealers.body.data.length).toBe(4);
  });

  test("the home video is null until one is set, then the player gets it", async () => {
    expect((await t.call("GET", "/api/front/video/get")).body.data).toBeNull();
    await t.database.db.insert(shopSettings).values({
      shopId: 1,
      key: "home_video",
      value: JSON.stringify({
        type: "youtube",
        src: "https://www.youtube-nocookie.com/embed/abc123",
        poster: "",
        title: "品牌故事",
      }),
    });
    t.publicCache.invalidate();
    try {
      const r = await t.call<{ type: string; title: string }>("GET", "/api/front/video/get");
      expect(r.body.data).toMatchObject({ type: "youtube", title: "品牌故事" });
    } finally {
      await t.database.db.delete(shopSettings).where(eq(shopSettings.key, "home_video"));
      t.publicCache.invalidate();
    }
  });
});

describe("activities (promotions)", () => {
  test("running activities with their rule in words", async () => {
    const r = await t.call<Paged<Promotion>>("GET", "/api/discount/search");
    expect(r.body.data.total).toBe(3);
    expect(r.body.data.list.map((p) => p.rule_text)).toEqual(
      expect.arrayContaining(["消費滿 NT$1,000 折 NT$100", "消費滿 NT$3,000 享 9 折", "指定商品任選 3 件 NT$599"]),
    );
  });

  test("one activity with its products; unknown → 404", async () => {
    const list = await t.call<Paged<Promotion>>("GET", "/api/discount/search");
    const bundle = list.body.data.list.find((p) => p.kind === "bundle_price");
    const r = await t.call<PromotionDetail>("GET", `/api/discount/get?id=${bundle?.id}`);
    expect(r.body.data.products.length).toBe(7);
    expect(r.body.data.description).toContain("<p>");
    expect((await t.call("GET", "/api/discount/get?id=9999")).status).toBe(404);
  });
});

describe("ship methods", () => {
  test("fees and free thresholds; the demo sub-mall adds its own delivery to the main mall's methods", async () => {
    const r = await t.call<ShipMethodView[]>("POST", "/api/shipmethod/search", { body: { shop_id: 1 } });
    expect(r.body.data.find((m) => m.code === "hct")).toEqual({
      code: "hct",
      name: "新竹物流宅配",
      fee: 120,
      free_threshold: 1500,
    });
    const shop2 = await t.call<ShipMethodView[]>("POST", "/api/shipmethod/search", { body: { shop_id: 2 } });
    expect(shop2.body.data.filter((m) => m.code !== "self")).toEqual(r.body.data);
    expect(shop2.body.data.find((m) => m.code === "self")).toMatchObject({ fee: 80, free_threshold: 1200 });
    // A shop without methods of its own uses the main mall's.
    expect((await t.call<ShipMethodView[]>("POST", "/api/shipmethod/search", { body: { shop_id: 99 } })).body.data).toEqual(
      r.body.data,
    );
    expect((await t.call("POST", "/api/shipmethod/search", { body: { shop_id: -1 } })).status).toBe(400);
  });
});

describe("contact and stranger inquiries", () => {
  const inquiry = {
    name: "陳先生",
    phone: "0912000111",
    email: "chen@example.com",
    subject: "團購詢問",
    message: "想詢問 50 盒禮盒的報價",
  };

  test("stored and mailed to the shop", async () => {
    const r = await t.call<{ id: number }>("POST", "/api/contactu/email", {
      body: { ...inquiry, kind: "stranger" },
      ip: "10.5.0.1",
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("已收到您的訊息，我們會盡快與您聯繫");
    const [row] = await t.database.db.select().from(inquiries).where(eq(inquiries.id, r.body.data.id));
    expect(row).toMatchObject({ kind: "stranger", subject: "團購詢問" });
  });

  test("bad input names the field and stores nothing", async () => {
    const before = (await t.database.db.select({ n: count() }).from(inquiries))[0]?.n;
    const r = await t.call("POST", "/api/contactu/email", { body: { ...inquiry, email: "not-an-email", message: "短" } });
    expect(r.status).toBe(400);
    const fields = (r.body.data as { errors: Array<{ field: string }> }).errors.map((e) => e.field).sort();
    expect(fields).toEqual(["email", "message"]);
    expect((await t.database.db.select({ n: count() }).from(inquiries))[0]?.n).toBe(before);
  });

  test("five an hour from one address", async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.call("POST", "/api/contactu/email", { body: inquiry, ip: "10.5.0.9" })).status).toBe(200);
    const sixth = await t.call("POST", "/api/contactu/email", { body: inquiry, ip: "10.5.0.9" });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe("送出次數過多，請稍後再試或來電洽詢");
  });
});

describe("favourites", () => {
  test("like, list, unlike; unknown product 404; members only", async () => {
    const login = await t.call<{ token: string }>("POST", "/api/auth/login", {
      body: { account: DEMO_ACCOUNTS.member.phone, password: DEMO_ACCOUNTS.member.password },
    });
    const token = login.body.data.token;
    expect((await t.call("POST", "/api/user/like/store", { token, body: { product_id: 5 } })).status).toBe(200);
    expect((await t.call("POST", "/api/user/like/store", { token, body: { product_id: 5 } })).status).toBe(200);
    const list = await t.call<Array<{ id: number }>>("POST", "/api/user/like/search", { token, body: {} });
    expect(list.body.data.map((p) => p.id)).toEqual([5]);
    expect((await t.call("POST", "/api/user/like/store", { token, body: { product_id: 99999 } })).status).toBe(404);
    await t.call("POST", "/api/user/like/delete", { token, body: { product_id: 5 } });
    expect((await t.call<unknown[]>("POST", "/api/user/like/search", { token, body: {} })).body.data).toEqual([]);
    expect((await t.call("POST", "/api/user/like/store", { body: { product_id: 5 } })).status).toBe(401);
  });
});
