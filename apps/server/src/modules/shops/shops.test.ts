import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { shops } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

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
