import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_STAFF } from "../../demo/seed.js";
import { createTestApp, loginAs, setPayoutAccount, type TestApp, uniquePhone } from "../harness.js";
import { homeAddress } from "../order-helpers.js";

/**
 * Authorisation sweep, generated from the OpenAPI document. A victim member and the seller of
 * sub-mall 2 own data carrying marker strings (a receiver, an address, a bank holder). Every
 * operation outside the back office is then called by anonymous, another member, another seller
 * and a support user, with the victims' ids in every path, query and body field that takes one.
 * No answer may contain a marker, and none may be a 5xx.
 */
const MARK = { receiver: "洩漏測試收件人", line: "洩漏測試路一號", holder: "洩漏測試戶名", sellerReceiver: "洩漏測試買家" };
const markers = Object.values(MARK);

interface JsonSchema {
  properties?: Record<string, unknown>;
}
interface Operation {
  parameters?: Array<{ in: "path" | "query"; name: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
const victim: Record<string, string | number> = {};
const attackers: Array<{ who: string; token?: string; staff?: boolean }> = [{ who: "anonymous" }];

async function placeOrder(token: string, shopId: number, receiverName: string, addressId?: number) {
  const product = await t.call<{ variants: Array<{ id: number }> }>("GET", "/api/product/get?id=3");
  const r = await t.call<{ order_no: string }>("POST", "/api/order/store/fast", {
    token,
    body: {
      variant_id: product.body.data.variants[0]?.id,
      shop_id: shopId,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: receiverName, phone: "0912345678" },
      ...(addressId ? { address_id: addressId } : { address: homeAddress }),
      invoice: { type: "member" },
    },
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.order_no;
}

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();

  // The victim member: an address, an order, a bank account and a withdrawal, all marked.
  const token = await loginAs(t, DEMO_ACCOUNTS.member);
  victim.member_id = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  victim.address_id = (
    await t.call<{ id: number }>("POST", "/api/user/addr/store", {
      token,
      body: { name: MARK.receiver, phone: "0912345678", ...homeAddress, line: MARK.line },
    })
  ).body.data.id;
  victim.order_no = await placeOrder(token, 1, MARK.receiver, Number(victim.address_id));
  await setPayoutAccount(t, token, {
    bank_user_name: MARK.holder,
    bank_code: "822",
    branch_code: "0015",
    bank_account: "123456789012",
  });
  victim.withdrawal_id = (
    await t.call<{ id: number }>("POST", "/api/user/wallet/apply", { token, body: { amount: 150 } })
  ).body.data.id;

  // An order in sub-mall 2 (its seller may see it, no one else).
  const shop2Buyer = await loginAs(t, DEMO_ACCOUNTS.shop2Member);
  victim.shop_order_no = await placeOrder(shop2Buyer, 2, MARK.sellerReceiver);

  // Attackers: a fresh member, a seller of another sub-mall, and support staff on member routes.
  const phone = uniquePhone();
  await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone } });
  const code = /(\d{6})/.exec(t.capturedSms?.lastTo(phone)?.text ?? "")?.[1];
  const registered = await t.call<{ token: string }>("POST", "/api/register/user/store", {
    body: { phone, captcha: code, password: "pass12345", name: "攻擊者" },
  });
  attackers.push({ who: "another member", token: registered.body.data.token });
  const otherSeller = await loginAs(t, DEMO_ACCOUNTS.downline);
  const staff = await t.call<{ token: string }>("POST", "/api/admin/auth/login", {
    body: { username: DEMO_STAFF.owner.username, password: DEMO_STAFF.owner.password },
  });
  const ownerId = (await t.services.auth.authenticate(otherSeller))?.member.id ?? 0;
  const shop = await t.call("POST", "/api/admin/shops", {
    token: staff.body.data.token,
    body: { owner_member_id: ownerId, name: "另一間子商城", commission_percent: 5 },
  });
  expect(shop.status).toBe(200);
  attackers.push({ who: "another seller", token: otherSeller });
  const support = await t.call<{ token: string }>("POST", "/api/admin/auth/login", {
    body: { username: DEMO_STAFF.support.username, password: DEMO_STAFF.support.password },
  });
  attackers.push({ who: "support staff (as a bearer on member routes)", token: support.body.data.token, staff: true });
});
afterAll(() => t.close());

/** The victim's value for a field that names a record, if the field is one. */
function victimValue(name: string): Array<string | number> {
  if (name === "order_no") return [victim.order_no ?? "", victim.shop_order_no ?? ""];
  if (name === "address_id") return [victim.address_id ?? 0];
  if (name === "member_id" || name === "user_id") return [victim.member_id ?? 0];
  if (name === "id") return [victim.address_id ?? 0, victim.withdrawal_id ?? 0, victim.member_id ?? 0];
  if (name === "shop_id") return [2];
  return [];
}

describe("authorisation sweep", () => {
  it("no caller sees another's marked data through any route", { timeout: 300_000 }, async () => {
    const leaks: string[] = [];
    let calls = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (/^\/api\/(admin|test)\//.test(path) || /logout/.test(path)) continue;
      for (const [method, op] of Object.entries(ops)) {
        const verb = method.toUpperCase() as "GET" | "POST" | "PUT" | "DELETE";
        const params = op.parameters ?? [];
        const bodyFields = Object.keys(op.requestBody?.content?.["application/json"]?.schema?.properties ?? {});
        // One call per victim value of each id-like field (and one plain call).
        const variants: Array<{
          path: Record<string, string | number>;
          query: Record<string, string | number>;
          body: Record<string, unknown>;
        }> = [{ path: {}, query: {}, body: {} }];
        for (const p of params)
          for (const v of victimValue(p.name))
            variants.push({
              path: p.in === "path" ? { [p.name]: v } : {},
              query: p.in === "query" ? { [p.name]: v } : {},
              body: {},
            });
        for (const f of bodyFields) for (const v of victimValue(f)) variants.push({ path: {}, query: {}, body: { [f]: v } });

        for (const a of attackers) {
          for (const v of variants) {
            let url = path;
            for (const p of params.filter((p) => p.in === "path")) url = url.replace(`{${p.name}}`, String(v.path[p.name] ?? 1));
            const q = new URLSearchParams(Object.entries(v.query).map(([k, x]) => [k, String(x)] as [string, string])).toString();
            const r = await t.call(verb, q ? `${url}?${q}` : url, {
              token: a.token,
              body: verb === "GET" || verb === "DELETE" ? undefined : v.body,
              ip: "10.8.8.8",
            });
            calls++;
            const text = JSON.stringify(r.body);
            const found = markers.filter((m) => text.includes(m));
            if (found.length > 0 || r.status >= 500)
              leaks.push(
                `${a.who}: ${verb} ${url}${q ? `?${q}` : ""} ${JSON.stringify(v.body)} → ${r.status} ${found.join(",")}`,
              );
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
    expect(leaks).toEqual([]);
  });

  it("the owners themselves do see their marked data (the markers are where the sweep looks)", async () => {
    const token = await loginAs(t, DEMO_ACCOUNTS.member);
    const mine = await t.call("POST", "/api/order/detail", { token, body: { order_no: victim.order_no } });
    expect(JSON.stringify(mine.body)).toContain(MARK.receiver);
    const seller = await loginAs(t, DEMO_ACCOUNTS.seller);
    const sold = await t.call("POST", "/api/seller/detail", { token: seller, body: { order_no: victim.shop_order_no } });
    expect(JSON.stringify(sold.body)).toContain(MARK.sellerReceiver);
  });
});
