import type { Banner, ProductView, StoreResult } from "@shop/contract";
import { can, type Permission, STAFF_ROLES, type StaffRole } from "@shop/contract/admin";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_STAFF } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";
import { ADMIN_ROUTES } from "./routes.js";

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;

async function staffLogin(role: StaffRole) {
  const s = DEMO_STAFF[role];
  const r = await t.call<{ token: string }>("POST", "/api/admin/auth/login", {
    body: { username: s.username, password: s.password },
  });
  expect(r.status).toBe(200);
  return r.body.data.token;
}
const as = (role: StaffRole) => ({ token: tokens[role] });

beforeAll(async () => {
  t = await createTestApp();
  for (const role of STAFF_ROLES) tokens[role] = await staffLogin(role);
});
afterAll(() => t.close());

/** A multipart body holding one file, as a browser's FormData sends it. */
function multipart(name: string, type: string, content: Buffer) {
  const boundary = "----shopTestBoundary7MA4YWxk";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
async function upload(role: StaffRole, name: string, type: string, content: Buffer) {
  const body = multipart(name, type, content);
  const r = await t.app.inject({
    method: "POST",
    url: "/api/admin/uploads",
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${tokens[role]}` },
  });
  return { status: r.statusCode, body: r.json() as { message: string; data: { url: string } } };
}
const png = (color: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer();

describe("permissions: every admin endpoint, every role", () => {
  const concrete = (url: string) => `/api${url.replace(":id", "999999").replace(":no", "99999999")}`;
  // Sign-out last, or it would end the session the other calls use.
  const routes = ADMIN_ROUTES.filter((r) => r.permission !== null).sort(
    (a, b) => Number(a.url.endsWith("/logout")) - Number(b.url.endsWith("/logout")),
  );

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))("%s", async (_name, route) => {
    const memberToken = await loginAs(t, DEMO_ACCOUNTS.member);
    const anonymous = await t.call(route.method, concrete(route.url), { body: route.method === "GET" ? undefined : {} });
    expect(anonymous.status, "anonymous").toBe(401);
    // A member's token is not a staff token.
    const member = await t.call(route.method, concrete(route.url), {
      token: memberToken,
      body: route.method === "GET" ? undefined : {},
    });
    expect(member.status, "member").toBe(401);
    for (const role of STAFF_ROLES) {
      const token = route.url.endsWith("/logout") ? await staffLogin(role) : tokens[role];
      const r = await t.call(route.method, concrete(route.url), { token, body: route.method === "GET" ? undefined : {} });
      const allowed = route.permission === "staff" || can(role, route.permission as Permission);
      if (allowed) expect([401, 403], `${role} is allowed`).not.toContain(r.status);
      else {
        expect(r.status, `${role} is refused`).toBe(403);
        expect(r.body.message).toBe("您的角色沒有權限執行此操作");
      }
      expect(r.status, `${role}: no server error`).toBeLessThan(500);
    }
  });

  it("a support user cannot change settings, and nothing changes", async () => {
    const audited = async () =>
      (await t.call<{ total: number }>("GET", "/api/admin/audit?entity=settings", as("owner"))).body.data.total;
    const entries = await audited();
    const before = await t.call<{ values: Record<string, number> }>("GET", "/api/admin/settings", as("support"));
    const r = await t.call("PUT", "/api/admin/settings", { ...as("support"), body: { withdrawal_fee: 99 } });
    expect(r.status).toBe(403);
    const after = await t.call<{ values: Record<string, number> }>("GET", "/api/admin/settings", as("support"));
    expect(after.body.data.values).toEqual(before.body.data.values);
    expect(await audited()).toBe(entries);
    // The same change from an operator goes through, and is audited with before and after.
    expect((await t.call("PUT", "/api/admin/settings", { ...as("operator"), body: { withdrawal_fee: 20 } })).status).toBe(200);
    expect(await audited()).toBe(entries + 1);
  });
});

describe("staff sign-in", () => {
  it("refuses a wrong password the same way as an unknown account", async () => {
    const wrong = await t.call("POST", "/api/admin/auth/login", { body: { username: "owner", password: "nope-nope-nope" } });
    const unknown = await t.call("POST", "/api/admin/auth/login", { body: { username: "nobody", password: "nope-nope-nope" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it("with TOTP switched on, a password alone is not enough", async () => {
    const { TOTP, Secret } = await import("otpauth");
    const created = await t.call<{ id: number }>("POST", "/api/admin/staff", {
      ...as("owner"),
      body: { username: "totp.user", name: "二階段", role: "support", password: "totp-user-123" },
    });
    expect(created.status).toBe(200);
    const login = await t.call<{ token: string }>("POST", "/api/admin/auth/login", {
      body: { username: "totp.user", password: "totp-user-123" },
    });
    const token = login.body.data.token;
    const setup = await t.call<{ secret: string }>("POST", "/api/admin/auth/totp/setup", { token, body: {} });
    // Codes of the app's clock (the server checks them against it).
    const code = () =>
      new TOTP({ secret: Secret.fromBase32(setup.body.data.secret), digits: 6, period: 30 }).generate({
        timestamp: t.clock.now.getTime(),
      });
    const wrongEnable = await t.call("POST", "/api/admin/auth/totp/enable", {
      token,
      body: { code: code() === "000000" ? "111111" : "000000" },
    });
    expect(wrongEnable.status).toBe(400);
    expect((await t.call("POST", "/api/admin/auth/totp/enable", { token, body: { code: code() } })).status).toBe(200);

    const passwordOnly = await t.call("POST", "/api/admin/auth/login", {
      body: { username: "totp.user", password: "totp-user-123" },
    });
    expect(passwordOnly.status).toBe(401);
    expect(passwordOnly.body.data).toEqual({ totp_required: true });
    const badCode = await t.call("POST", "/api/admin/auth/login", {
      body: { username: "totp.user", password: "totp-user-123", totp: code() === "123456" ? "654321" : "123456" },
    });
    expect(badCode.status).toBe(401);
    // The code that switched TOTP on is used up: the next one signs in.
    t.clock.advance(30);
    const good = await t.call("POST", "/api/admin/auth/login", {
      body: { username: "totp.user", password: "totp-user-123", totp: code() },
    });
    expect(good.status).toBe(200);
  });

  it("the last owner cannot be demoted or suspended", async () => {
    const me = await t.call<{ id: number }>("GET", "/api/admin/auth/me", as("owner"));
    const r = await t.call("PUT", `/api/admin/staff/${me.body.data.id}`, { ...as("owner"), body: { role: "support" } });
    expect(r.status).toBe(409);
    const still = await t.call<{ role: string }>("GET", "/api/admin/auth/me", as("owner"));
    expect(still.body.data.role).toBe("owner");
  });
});

describe("catalogue and content", () => {
  it("an operator creates a product with two variants and an image, puts it on a banner; the storefront shows both", async () => {
    const img = await upload("operator", "tea.png", "image/png", await png("#3a7d44"));
    expect(img.status).toBe(200);
    expect(img.body.data.url).toMatch(/^\/uploads\/admin\/\d{6}\/[0-9a-f-]{36}\.webp$/);
    const served = await t.app.inject({ method: "GET", url: `/img/320${img.body.data.url}` });
    expect(served.statusCode).toBe(200);

    const created = await t.call<{ id: number; variants: Array<{ id: number; stock: number }> }>("POST", "/api/admin/products", {
      ...as("operator"),
      body: {
        category_id: 1,
        name: "後台新品烏龍",
        description: '<p onclick="x()">好喝<script>alert(1)</script></p>',
        images: [img.body.data.url],
        status: "on",
        variants: [
          { sku: "ADM-OOLONG-75", name: "75g", price: 450, list_price: 500 },
          { sku: "ADM-OOLONG-150", name: "150g", price: 820, list_price: 900 },
        ],
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const [small] = created.body.data.variants;
    if (!small) throw new Error("no variant");
    const stocked = await t.call("POST", `/api/admin/products/${id}/stock`, {
      ...as("operator"),
      body: { variant_id: small.id, delta: 30, reason: "restock", note: "首批進貨" },
    });
    expect(stocked.status).toBe(200);
    const tooMuch = await t.call("POST", `/api/admin/products/${id}/stock`, {
      ...as("operator"),
      body: { variant_id: small.id, delta: -31, reason: "adjust", note: "盤點" },
    });
    expect(tooMuch.status).toBe(409);

    const product = await t.call<ProductView>("GET", `/api/product/get?id=${id}`);
    expect(product.status).toBe(200);
    expect(product.body.data.variants.map((v) => [v.name, v.price])).toEqual([
      ["75g", 450],
      ["150g", 820],
    ]);
    expect(product.body.data.description).toBe("<p>好喝</p>");

    const banner = await t.call<{ id: number }>("POST", "/api/admin/banners", {
      ...as("operator"),
      body: { title: "新品上市", image: img.body.data.url, image_mobile: img.body.data.url, link: `/product/details?id=${id}` },
    });
    expect(banner.status).toBe(200);
    const home = await t.call<Banner[]>("GET", "/api/front/banner/search?shop_id=1");
    expect(home.body.data.map((b) => b.link)).toContain(`/product/details?id=${id}`);

    const audit = await t.call<{ items: Array<{ action: string; staff_name: string; before: unknown; after: unknown }> }>(
      "GET",
      "/api/admin/audit",
      as("owner"),
    );
    const actions = audit.body.data.items.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["product.create", "stock.adjust", "banner.create"]));
    const stockEntry = audit.body.data.items.find((a) => a.action === "stock.adjust");
    expect(stockEntry).toMatchObject({ staff_name: DEMO_STAFF.operator.name, before: { stock: 0 }, after: { stock: 30 } });
  });

  it("refuses what is not an image, a SKU taken by another product, and a banner that ends before it starts", async () => {
    const notImage = await upload("operator", "evil.png", "image/png", Buffer.from("<script>alert(1)</script>"));
    expect(notImage.status).toBe(415);
    const dup = await t.call("POST", "/api/admin/products", {
      ...as("operator"),
      body: {
        category_id: 1,
        name: "重複料號",
        images: ["/uploads/demo/x.webp"],
        variants: [{ sku: "ADM-OOLONG-75", name: "75g", price: 1, list_price: 1 }],
      },
    });
    expect(dup.status).toBe(409);
    const banner = await t.call("POST", "/api/admin/banners", {
      ...as("operator"),
      body: {
        title: "x",
        image: "/uploads/a.webp",
        image_mobile: "/uploads/a.webp",
        starts_at: "2026-12-02T00:00:00+08:00",
        ends_at: "2026-12-01T00:00:00+08:00",
      },
    });
    expect(banner.status).toBe(400);
    const foreign = await t.call("POST", "/api/admin/banners", {
      ...as("operator"),
      body: { title: "x", image: "https://evil.example/a.png", image_mobile: "/uploads/a.webp" },
    });
    expect(foreign.status).toBe(400);
  });
});

describe("orders and members", () => {
  it("an operator confirms a transfer and ships with a tracking number; the buyer sees it; the CSV lists it", async () => {
    const steps = orderSteps(t);
    const buyer = await loginAs(t, DEMO_ACCOUNTS.member);
    const v = await steps.variantOf(2);
    await steps.setStock(v, 100);
    const placed = await t.call<StoreResult>("POST", "/api/order/store/fast", {
      token: buyer,
      body: {
        variant_id: v,
        qty: 1,
        ship_method: "hct",
        payment_method: "transfer",
        receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
        address: homeAddress,
        invoice: { type: "company", tax_id: "04595257", title: "茶山好物股份有限公司" },
        email: "buyer.csv@example.com",
      },
    });
    const no = placed.body.data.order_no;
    // The staff order page shows what invoicing and e-mailing the buyer needs.
    const page = await t.call<{ email: string; invoice: Record<string, string> }>(
      "GET",
      `/api/admin/orders/${no}`,
      as("support"),
    );
    expect(page.body.data.email).toBe("buyer.csv@example.com");
    expect(page.body.data.invoice).toMatchObject({ type: "company", tax_id: "04595257" });
    const list = await t.call<{ items: Array<{ order_no: string }> }>("GET", `/api/admin/orders?q=${no}`, as("support"));
    expect(list.body.data.items.map((o) => o.order_no)).toEqual([no]);

    expect(
      (await t.call("POST", `/api/admin/orders/${no}/ship`, { ...as("operator"), body: { tracking_no: "HCT12345678" } })).status,
    ).toBe(409);
    expect((await t.call("POST", `/api/admin/orders/${no}/confirm_payment`, { ...as("support"), body: {} })).status).toBe(403);
    expect((await t.call("POST", `/api/admin/orders/${no}/confirm_payment`, { ...as("operator"), body: {} })).status).toBe(200);
    const shipped = await t.call<{ status: string; tracking_no: string }>("POST", `/api/admin/orders/${no}/ship`, {
      ...as("operator"),
      body: { tracking_no: "HCT12345678" },
    });
    expect(shipped.body.data).toMatchObject({ status: "shipped", tracking_no: "HCT12345678" });
    const seen = await t.call<{ status: string; tracking_no: string }>("POST", "/api/order/detail", {
      token: buyer,
      body: { order_no: no },
    });
    expect(seen.body.data).toMatchObject({ status: "shipped", tracking_no: "HCT12345678" });

    const csv = await t.app.inject({
      method: "GET",
      url: `/api/admin/orders.csv?q=${no}`,
      headers: { authorization: `Bearer ${tokens.support}` },
    });
    expect(csv.headers["content-type"]).toContain("text/csv");
    const rows = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("電子郵件,收件地址／取貨門市,品項,發票");
    expect(rows[1]).toContain(no);
    expect(rows[1]).toContain("已出貨");
    expect(rows[1]).toContain("buyer.csv@example.com");
    expect(rows[1]).toContain("100 台北市中正區重慶南路一段 122 號");
    expect(rows[1]).toMatch(/（[^）]+）× 1/);
    expect(rows[1]).toContain("三聯式　統編 04595257　抬頭 茶山好物股份有限公司");
  });

  it("adjusting a member's points is a ledger entry with a reason, and audited", async () => {
    const found = await t.call<{ items: Array<{ id: number }> }>(
      "GET",
      `/api/admin/members?q=${DEMO_ACCOUNTS.member.phone}`,
      as("support"),
    );
    const id = found.body.data.items[0]?.id;
    const before = await t.call<{ points: number }>("GET", `/api/admin/members/${id}`, as("support"));
    const refused = await t.call("POST", `/api/admin/members/${id}/adjust`, {
      ...as("support"),
      body: { kind: "points", delta: 50, reason: "補發" },
    });
    expect(refused.status).toBe(403);
    const r = await t.call<{ points: number; points_ledger: { list: Array<{ reason: string; delta: number }> } }>(
      "POST",
      `/api/admin/members/${id}/adjust`,
      { ...as("operator"), body: { kind: "points", delta: 50, reason: "活動補發" } },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.points).toBe(before.body.data.points + 50);
    const overdraw = await t.call("POST", `/api/admin/members/${id}/adjust`, {
      ...as("operator"),
      body: { kind: "wallet", delta: -999_999, reason: "錯誤" },
    });
    expect(overdraw.status).toBe(409);
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
  });
});
