import type { PaymentSettings, StaffRole } from "@shop/contract/admin";
import { PAYABLE_METHODS } from "@shop/contract/order";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, staffTokens, type TestApp } from "../../test/harness.js";

/** Back-office content and shop settings: what staff change and what shoppers then see (split from operations.test.ts). */

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
const as = (role: StaffRole) => ({ token: tokens[role] });
let memberToken = "";

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await staffTokens(t));
  memberToken = await loginAs(t, DEMO_ACCOUNTS.member);
});
afterAll(() => t.close());

describe("content", () => {
  it("news is sanitised and shown from its publish time", async () => {
    // The app's clock (the harness freezes it), not the wall clock.
    const now = t.clock.now.getTime();
    const made = await t.call<{ id: number; content: string }>("POST", "/api/admin/news", {
      ...as("operator"),
      body: {
        title: "年終感恩活動",
        content: '<p onclick="steal()">感謝<script>alert(1)</script>支持</p><a href="javascript:alert(1)">x</a>',
        published_at: new Date(now - 1000).toISOString(),
      },
    });
    expect(made.status).toBe(200);
    expect(made.body.data.content).toBe("<p>感謝支持</p><a>x</a>");
    await t.call("POST", "/api/admin/news", {
      ...as("operator"),
      body: { title: "下週公告", content: "<p>預告</p>", published_at: new Date(now + 7 * 86_400_000).toISOString() },
    });
    const shown = await t.call<{ list: Array<{ title: string }> }>("GET", "/api/front/new/search?shop_id=1");
    const titles = shown.body.data.list.map((n) => n.title);
    expect(titles).toContain("年終感恩活動");
    expect(titles).not.toContain("下週公告");
  });

  it("a static page key is unique per shop", async () => {
    const body = { key: "shipping_faq", title: "配送說明", content: "<h2>配送</h2><p>三天內出貨</p>" };
    expect((await t.call("POST", "/api/admin/pages", { ...as("operator"), body })).status).toBe(200);
    const dup = await t.call("POST", "/api/admin/pages", { ...as("operator"), body });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe("此商城已有相同代碼的頁面");
  });

  it("home blocks are saved per shop and the storefront shows them", async () => {
    const home = await t.call<{ top_links: unknown[]; quick_orders: unknown[] }>(
      "GET",
      "/api/admin/home_blocks/1",
      as("support"),
    );
    expect(home.status).toBe(200);
    const body = {
      home_title: "好茶，天天喝",
      home_description: "嚴選台灣茶園",
      video: { type: "youtube", src: "https://www.youtube.com/embed/abc123", title: "茶園紀實" },
      top_links: [{ title: "冬季活動", url: "/activity" }],
      single_images: [],
      twice_images: [],
      quick_orders: [{ variant_id: 1, title: "招牌烏龍快速買" }],
    };
    expect((await t.call("PUT", "/api/admin/home_blocks/1", { ...as("operator"), body })).status).toBe(200);
    const links = await t.call<Array<{ title: string }>>("GET", "/api/front/top_href/get?shop_id=1");
    expect(links.body.data.map((l) => l.title)).toEqual(["冬季活動"]);
    const quick = await t.call<Array<{ title: string; price: number }>>("GET", "/api/front/fastoder/get?shop_id=1");
    expect(quick.body.data.map((q) => q.title)).toEqual(["招牌烏龍快速買"]);
    const desc = await t.call<{ title: string }>("GET", "/api/front/home/desc?shop_id=1");
    expect(desc.body.data.title).toBe("好茶，天天喝");

    const unknown = await t.call("PUT", "/api/admin/home_blocks/1", {
      ...as("operator"),
      body: { ...body, quick_orders: [{ variant_id: 999999, title: "x" }] },
    });
    expect(unknown.status).toBe(400);
    const foreignVideo = await t.call("PUT", "/api/admin/home_blocks/1", {
      ...as("operator"),
      body: { ...body, video: { type: "youtube", src: "https://evil.example/v" } },
    });
    expect(foreignVideo.status).toBe(400);
    expect((await t.call("PUT", "/api/admin/home_blocks/999", { ...as("operator"), body })).status).toBe(404);
  });

  it("a category cannot go three levels deep", async () => {
    const top = await t.call<{ id: number }>("POST", "/api/admin/categories", { ...as("operator"), body: { name: "冬季限定" } });
    const child = await t.call<{ id: number; full_name: string }>("POST", "/api/admin/categories", {
      ...as("operator"),
      body: { name: "熱飲", parent_id: top.body.data.id },
    });
    expect(child.body.data.full_name).toBe("冬季限定 › 熱飲");
    const deep = await t.call("POST", "/api/admin/categories", {
      ...as("operator"),
      body: { name: "太深", parent_id: child.body.data.id },
    });
    expect(deep.status).toBe(400);
    expect(deep.body.message).toBe("上層分類須為第一層分類");
  });
});

describe("shipping and payment settings", () => {
  it("a ship method's fee and free threshold change what checkout charges", async () => {
    const methods = await t.call<{ items: Array<{ id: number; code: string; shop_id: number }> }>(
      "GET",
      "/api/admin/ship_methods?shop_id=1",
      as("support"),
    );
    const hct = methods.body.data.items.find((m) => m.code === "hct");
    const r = await t.call("PUT", `/api/admin/ship_methods/${hct?.id}`, {
      ...as("operator"),
      body: { name: "新竹物流宅配", fee: 150, free_threshold: 3000, enabled: true, sort: 0 },
    });
    expect(r.status).toBe(200);
    const shown = await t.call<Array<{ code: string; fee: number; free_threshold: number }>>("POST", "/api/shipmethod/search", {
      body: { shop_id: 1 },
    });
    expect(shown.body.data.find((m) => m.code === "hct")).toMatchObject({ fee: 150, free_threshold: 3000 });
  });

  it("only the owner changes payment settings; a method switched off is not offered at checkout", async () => {
    const current = await t.call<PaymentSettings>("GET", "/api/admin/payment_settings", as("support"));
    const methods = (off: string[]) =>
      current.body.data.methods.map((m) => ({ method: m.method, on: !off.includes(m.method), fee: m.fee }));
    const body = {
      methods: methods(["cod"]),
      instalments: current.body.data.instalments,
      transfer_bank_code: "822",
      transfer_account: "123456789012",
      transfer_holder: "好茶股份有限公司",
    };
    expect((await t.call("PUT", "/api/admin/payment_settings", { ...as("operator"), body })).status).toBe(403);
    const badBank = await t.call("PUT", "/api/admin/payment_settings", {
      ...as("owner"),
      body: { ...body, transfer_bank_code: "999" },
    });
    expect(badBank.status).toBe(400);
    const none = await t.call("PUT", "/api/admin/payment_settings", {
      ...as("owner"),
      body: { ...body, methods: methods([...PAYABLE_METHODS]) },
    });
    expect(none.body.message).toBe("請至少開放一種付款方式");
    const saved = await t.call<PaymentSettings>("PUT", "/api/admin/payment_settings", { ...as("owner"), body });
    expect(saved.body.data.transfer_bank_name).toBe("中國信託商業銀行");
    expect(saved.body.data.methods.find((m) => m.method === "cod")?.on).toBe(false);

    const info = await t.call<{ payment_methods: Array<{ code: string; available: boolean; reason: string | null }> }>(
      "POST",
      "/api/order/pay_info/fast",
      { body: { variant_id: 1, qty: 1, ship_method: "hct" }, token: memberToken },
    );
    // A method switched off is not listed at all (decision 88).
    expect(info.body.data.payment_methods.map((m) => m.code)).not.toContain("cod");
    expect(info.body.data.payment_methods.find((m) => m.code === "card")?.available).toBe(true);

    // The footer and the product page's notes list what checkout offers, at once (the save drops
    // the storefront's cached reads), in the main mall and in a sub-mall.
    for (const shopId of [1, 2]) {
      const front = await t.call<{ footer: { payment_methods: string[]; ship_methods: string[]; dispatch: string } }>(
        "GET",
        `/api/front/shop/get?shop_id=${shopId}`,
      );
      expect(front.body.data.footer).toMatchObject({ dispatch: "付款完成後 1–3 個工作天內出貨（例假日不出貨）" });
      expect(front.body.data.footer.payment_methods).toEqual(expect.arrayContaining(["信用卡", "ATM／銀行轉帳", "LINE Pay"]));
      expect(front.body.data.footer.payment_methods).not.toContain("貨到付款");
      const ships = await t.call<Array<{ code: string; name: string }>>("POST", "/api/shipmethod/search", {
        body: { shop_id: shopId },
      });
      const delivered = ships.body.data.filter((m) => m.code !== "depot").map((m) => m.name);
      expect(delivered.length).toBeGreaterThan(0);
      expect(front.body.data.footer.ship_methods).toEqual(delivered);
    }
    await t.call("PUT", "/api/admin/payment_settings", { ...as("owner"), body: { ...body, methods: methods([]) } });
    const back = await t.call<{ footer: { payment_methods: string[] } }>("GET", "/api/front/shop/get?shop_id=1");
    expect(back.body.data.footer.payment_methods).toContain("貨到付款");
  });
});
