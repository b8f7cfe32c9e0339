import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { shops } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, staffTokens, type TestApp } from "../../test/harness.js";

let t: TestApp;
let mainMember: string;
let shop2Member: string;
let seller: string;

const login = async (a: { phone: string; password: string }) =>
  (await t.call<{ token: string }>("POST", "/api/auth/login", { body: { account: a.phone, password: a.password } })).body.data
    .token;

beforeAll(async () => {
  t = await createTestApp();
  mainMember = await login(DEMO_ACCOUNTS.member);
  shop2Member = await login(DEMO_ACCOUNTS.shop2Member);
  seller = await login(DEMO_ACCOUNTS.seller);
});
afterAll(() => t.close());

describe("sub-mall checks", () => {
  test("an anonymous visitor may stay in an open shop", async () => {
    const r = await t.call("POST", "/api/supmall/recheck", { body: { shop_id: 2 } });
    expect(r.body).toEqual({ status: true, message: "成功", data: { shop_id: 2 } });
  });

  test("a shop that does not exist sends everyone to the main mall", async () => {
    const r = await t.call("POST", "/api/supmall/recheck", { body: { shop_id: 404 } });
    expect(r.body).toMatchObject({ status: false, data: { shop_id: 1 } });
  });

  test("a member bound to shop 2 visiting shop 2 stays; visiting the main mall goes to shop 2", async () => {
    expect((await t.call("POST", "/api/supmall/recheck", { body: { shop_id: 2 }, token: shop2Member })).body.status).toBe(true);
    const main = await t.call("POST", "/api/supmall/recheck2", { body: {}, token: shop2Member });
    expect(main.body).toMatchObject({ status: false, data: { shop_id: 2 } });
  });

  test("a main-mall member visiting shop 2 is sent to the main mall", async () => {
    const r = await t.call("POST", "/api/supmall/recheck", { body: { shop_id: 2 }, token: mainMember });
    expect(r.body).toMatchObject({ status: false, data: { shop_id: 1 } });
    expect((await t.call("POST", "/api/supmall/recheck2", { body: {}, token: mainMember })).body.status).toBe(true);
  });

  test("anonymous on the main mall is fine; recheck2 takes no payload", async () => {
    expect((await t.call("POST", "/api/supmall/recheck2")).body.status).toBe(true);
    expect((await t.call("POST", "/api/supmall/recheck2", { body: { shop_id: 2 } })).status).toBe(400);
  });

  test("a suspended shop sends its own members to the main mall", async () => {
    await t.database.db.update(shops).set({ status: "suspended" }).where(eq(shops.id, 2));
    try {
      const r = await t.call("POST", "/api/supmall/recheck", { body: { shop_id: 2 }, token: shop2Member });
      expect(r.body).toMatchObject({ status: false, data: { shop_id: 1 } });
      expect((await t.call("POST", "/api/supmall/recheck2", { body: {}, token: shop2Member })).body.status).toBe(true);
      expect((await t.call("POST", "/api/supmall/home", { body: { shop_id: 2 } })).status).toBe(404);
    } finally {
      await t.database.db.update(shops).set({ status: "open" }).where(eq(shops.id, 2));
    }
  });

  test("shop home answers shop info; bad ids are 400", async () => {
    const r = await t.call<{ shop: { name: string } }>("POST", "/api/supmall/home", { body: { shop_id: 2 } });
    expect(r.body.data.shop.name).toBe("阿里山茶行");
    expect((await t.call("POST", "/api/supmall/recheck", { body: { shop_id: "two" } })).status).toBe(400);
    expect((await t.call("POST", "/api/supmall/recheck", { body: {} })).status).toBe(400);
  });

  test("the demo seller owns shop 2", async () => {
    const me = await t.call<{ is_seller: boolean; shop_id: number }>("GET", "/api/user/get", { token: seller });
    expect(me.body.data).toMatchObject({ is_seller: true, shop_id: 2 });
  });
});

describe("a shop's owner", () => {
  test("a new shop binds its owner; changing the owner binds the new one and releases the old one; one shop per member", async () => {
    const owner = (await staffTokens(t)).owner;
    const me = async (token: string) =>
      (await t.call<{ id: number; shop_id: number; is_seller: boolean }>("GET", "/api/user/get", { token })).body.data;
    const downline = await login(DEMO_ACCOUNTS.downline);
    const made = await t.call<{ id: number }>("POST", "/api/admin/shops", {
      token: owner,
      body: { owner_member_id: (await me(downline)).id, name: "小陳的茶舖", commission_percent: 10 },
    });
    expect(made.status, made.body.message).toBe(200);
    const shopId = made.body.data.id;
    expect(await me(downline)).toMatchObject({ shop_id: shopId, is_seller: true });

    // The shop passes to the main-mall member: they are bound to it, the downline is released.
    const member = await me(mainMember);
    const body = { name: "小陳的茶舖", intro: "", logo: "", banner: "", commission_percent: 10, status: "open" };
    const moved = await t.call<{ owner_member_id: number }>("PUT", `/api/admin/shops/${shopId}`, {
      token: owner,
      body: { ...body, owner_member_id: member.id },
    });
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.data.owner_member_id).toBe(member.id);
    expect(await me(mainMember)).toMatchObject({ shop_id: shopId, is_seller: true });
    expect(await me(downline)).toMatchObject({ shop_id: 1, is_seller: false });

    // A member who already owns a shop cannot take another; an unknown member is refused; nothing changes.
    const sellerId = (await me(seller)).id;
    const taken = await t.call("PUT", `/api/admin/shops/${shopId}`, {
      token: owner,
      body: { ...body, owner_member_id: sellerId },
    });
    expect([taken.status, taken.body.message]).toEqual([400, "此會員已經擁有子商城"]);
    const unknown = await t.call("PUT", `/api/admin/shops/${shopId}`, {
      token: owner,
      body: { ...body, owner_member_id: 999999 },
    });
    expect([unknown.status, unknown.body.message]).toEqual([400, "找不到此會員"]);
    expect(await me(mainMember)).toMatchObject({ shop_id: shopId, is_seller: true });
    expect(await me(seller)).toMatchObject({ shop_id: 2, is_seller: true });
    const main = await t.call("PUT", "/api/admin/shops/1", {
      token: owner,
      body: { ...body, name: "主商城", owner_member_id: sellerId },
    });
    expect([main.status, main.body.message]).toEqual([400, "主商城沒有賣家"]);

    // Without owner_member_id the owner is kept (the form before this field still works).
    expect((await t.call("PUT", `/api/admin/shops/${shopId}`, { token: owner, body })).status).toBe(200);
    expect(await me(mainMember)).toMatchObject({ shop_id: shopId, is_seller: true });
  });
});

describe("a shop's analytics ids", () => {
  test("saved per shop from the back office, refused when malformed, served to the pages and as the loader script", async () => {
    const owner = (await staffTokens(t)).owner;
    const body = { name: "阿里山茶行", intro: "", logo: "", banner: "", commission_percent: 8, status: "open" };
    for (const [ids, message] of [
      [{ ga4_measurement_id: "UA-12345-1" }, "GA4 評估 ID 格式為 G- 開頭加英數字，例如 G-AB12CD34EF"],
      [{ meta_pixel_id: "12ab" }, "Meta Pixel ID 為 8–20 位數字"],
      [{ ga4_measurement_id: 'G-1"</script>' }, "GA4 評估 ID 格式為 G- 開頭加英數字，例如 G-AB12CD34EF"],
    ] as const) {
      const r = await t.call("PUT", "/api/admin/shops/2", { token: owner, body: { ...body, ...ids } });
      expect(r.status).toBe(400);
      expect(r.body.message).toContain(message);
    }
    const front = async (shopId: number) =>
      (await t.call<{ tracking: { ga4: string; pixel: string } }>("GET", `/api/front/shop/get?shop_id=${shopId}`)).body.data
        .tracking;
    expect(await front(2)).toEqual({ ga4: "", pixel: "" });

    const saved = await t.call<{ ga4_measurement_id: string; meta_pixel_id: string }>("PUT", "/api/admin/shops/2", {
      token: owner,
      body: { ...body, ga4_measurement_id: "G-AB12CD34EF", meta_pixel_id: "123456789012345" },
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data).toMatchObject({ ga4_measurement_id: "G-AB12CD34EF", meta_pixel_id: "123456789012345" });
    expect(await front(2)).toEqual({ ga4: "G-AB12CD34EF", pixel: "123456789012345" });
    // Each shop has its own: the main mall still has none.
    expect(await front(1)).toEqual({ ga4: "", pixel: "" });

    const loader = await t.app.inject({ method: "GET", url: "/analytics/shop-2.js" });
    expect(loader.statusCode).toBe(200);
    expect(loader.headers["content-type"]).toContain("text/javascript");
    expect(loader.body).toContain('ga="G-AB12CD34EF"');
    expect(loader.body).toContain('px="123456789012345"');
    expect((await t.app.inject({ method: "GET", url: "/analytics/other.js" })).statusCode).toBe(404);

    // Cleared: nothing is loaded any more.
    await t.call("PUT", "/api/admin/shops/2", { token: owner, body: { ...body, ga4_measurement_id: "", meta_pixel_id: "" } });
    expect(await front(2)).toEqual({ ga4: "", pixel: "" });
  });
});

describe("the footer's trust details", () => {
  test("a sub-mall shows the company's until it sets its own; bad values are refused; cleared falls back", async () => {
    const owner = (await staffTokens(t)).owner;
    const body = { name: "阿里山茶行", intro: "", logo: "", banner: "", commission_percent: 8, status: "open" };
    // The details a shop sets (what it takes and ships by is the payment and delivery settings').
    const footer = async (shopId: number) => {
      const r = await t.call<{ footer: Record<string, unknown> }>("GET", `/api/front/shop/get?shop_id=${shopId}`);
      const { payment_methods: _p, ship_methods: _s, ...details } = r.body.data.footer;
      return details;
    };
    const company = await footer(1);
    expect(company).toMatchObject({ company: "茶山好物股份有限公司", tax_id: "22099131", line_url: "https://lin.ee/demo-tea" });
    expect(await footer(2)).toEqual(company);

    for (const [fields, message] of [
      [{ footer_tax_id: "1234567" }, "統一編號為 8 位數字"],
      [{ footer_line_url: "javascript:alert(1)" }, "LINE 官方帳號連結需為"],
      [{ footer_line_url: "https://evil.example/lin.ee/x" }, "LINE 官方帳號連結需為"],
      [{ footer_company: "公".repeat(61) }, "公司名稱最多 60 個字"],
    ] as const) {
      const r = await t.call("PUT", "/api/admin/shops/2", { token: owner, body: { ...body, ...fields } });
      expect([r.status, r.body.message]).toEqual([400, expect.stringContaining(message)]);
    }
    expect(await footer(2)).toEqual(company);

    const saved = await t.call<Record<string, string>>("PUT", "/api/admin/shops/2", {
      token: owner,
      body: {
        ...body,
        footer_company: "阿里山茶行有限公司",
        footer_tax_id: "12345675",
        footer_line_url: "https://line.me/R/ti/p/@alishan",
      },
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data).toMatchObject({ footer_company: "阿里山茶行有限公司", footer_address: "" });
    t.publicCache.invalidate();
    expect(await footer(2)).toEqual({
      ...company,
      company: "阿里山茶行有限公司",
      tax_id: "12345675",
      line_url: "https://line.me/R/ti/p/@alishan",
    });
    await t.call("PUT", "/api/admin/shops/2", {
      token: owner,
      body: { ...body, footer_company: null, footer_tax_id: "", footer_line_url: "" },
    });
    t.publicCache.invalidate();
    expect(await footer(2)).toEqual(company);
  });
});
