import type { PayInfo } from "@shop/contract";
import type { PaymentSettings, ShopPaymentSettings, StaffRole } from "@shop/contract/admin";
import type { PayableMethod } from "@shop/contract/order";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, staffTokens, type TestApp } from "../../test/harness.js";

// The back office's payment settings (decision 88): every payable method on/off in staff's order
// with a fee note, card instalments with their least amounts, a sub-mall's own switches; what the
// storefront's checkout then offers.

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
const as = (role: StaffRole) => ({ token: tokens[role] });

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await staffTokens(t));
});
afterAll(() => t.close());

const current = async () => (await t.call<PaymentSettings>("GET", "/api/admin/payment_settings", as("support"))).body.data;
/** The settings as the PUT takes them, changed by `edit`. */
const input = (s: PaymentSettings) => ({
  methods: s.methods.map((m) => ({ method: m.method, on: m.on, fee: m.fee })),
  instalments: s.instalments,
  transfer_bank_code: s.transfer_bank_code,
  transfer_account: s.transfer_account,
  transfer_holder: s.transfer_holder,
});
const save = (body: unknown, role: StaffRole = "owner") =>
  t.call<PaymentSettings>("PUT", "/api/admin/payment_settings", { ...as(role), body });
/** A guest's quick quote of `qty` of variant 1 in `shopId`. */
const quote = async (shopId = 1, qty = 1) => {
  const r = await t.call<PayInfo>("POST", "/api/order/pay_info/fast", {
    body: { variant_id: 1, qty, ship_method: "hct", shop_id: shopId },
  });
  expect(r.status).toBe(200);
  return r.body.data;
};
const codes = (info: PayInfo) => info.payment_methods.map((m) => m.code);

describe("main mall payment settings", () => {
  it("round-trips every method's switch, order and fee note, and the instalments", async () => {
    const s = await current();
    expect(s.methods.map((m) => m.method)).toEqual(expect.arrayContaining(["card", "line_pay", "atm", "transfer", "cod"]));
    // The test app's simulator provides every method.
    expect(s.methods.every((m) => m.provided)).toBe(true);
    const body = input(s);
    // LINE Pay to the top, the card second, fee notes, 24 instalments off.
    const order: PayableMethod[] = [
      "line_pay",
      "card",
      ...body.methods.map((m) => m.method).filter((m) => m !== "line_pay" && m !== "card"),
    ];
    body.methods = order.map((method) => {
      const m = body.methods.find((x) => x.method === method);
      return { method, on: m?.on ?? true, fee: method === "card" ? "2.75%" : method === "atm" ? "NT$10/筆" : "" };
    });
    body.instalments = [
      { count: 3, on: true, min: 0 },
      { count: 6, on: true, min: 2000 },
      { count: 12, on: true, min: 1_000_000 },
      { count: 24, on: false, min: 6000 },
    ];
    const saved = await save(body);
    expect(saved.status).toBe(200);
    const again = await current();
    expect(again.methods.map((m) => m.method).slice(0, 2)).toEqual(["line_pay", "card"]);
    expect(again.methods.find((m) => m.method === "card")?.fee).toBe("2.75%");
    expect(again.methods.find((m) => m.method === "atm")?.fee).toBe("NT$10/筆");
    expect(again.instalments).toEqual(body.instalments);
    // Checkout lists them in staff's order.
    expect(codes(await quote()).slice(0, 2)).toEqual(["line_pay", "card"]);
  });

  it("checks what staff send: fee note length, every method once, instalment counts and amounts, one method on", async () => {
    const body = input(await current());
    const longFee = await save({ ...body, methods: body.methods.map((m) => ({ ...m, fee: "手".repeat(31) })) });
    expect(longFee.status).toBe(400);
    expect(longFee.body.message).toContain("手續費說明最多 30 字");
    const missing = await save({ ...body, methods: body.methods.slice(1) });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("付款方式清單須列出每一種付款方式各一次");
    const badCount = await save({ ...body, instalments: [{ count: 5, on: true, min: 0 }] });
    expect(badCount.status).toBe(400);
    expect(badCount.body.message).toContain("分期期數為 3、6、12 或 24 期");
    const negative = await save({ ...body, instalments: [{ count: 3, on: true, min: -1 }] });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toContain("分期最低金額不可小於 0");
    const none = await save({ ...body, methods: body.methods.map((m) => ({ ...m, on: false })) });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("請至少開放一種付款方式");
  });

  it("a non-owner is refused", async () => {
    const body = input(await current());
    expect((await save(body, "operator")).status).toBe(403);
    expect((await save(body, "support")).status).toBe(403);
    const sub = await t.call("PUT", "/api/admin/shops/2/payment_settings", {
      ...as("operator"),
      body: { methods: body.methods.map(({ method, on }) => ({ method, on })), own_instalments: false },
    });
    expect(sub.status).toBe(403);
  });

  it("LINE Pay switched off is no longer offered at checkout; the transfer (report the last five digits) too", async () => {
    expect(codes(await quote())).toContain("line_pay");
    const body = input(await current());
    const off = (names: string[]) => body.methods.map((m) => ({ ...m, on: !names.includes(m.method) }));
    expect((await save({ ...body, methods: off(["line_pay", "transfer"]) })).status).toBe(200);
    const after = codes(await quote());
    expect(after).not.toContain("line_pay");
    expect(after).not.toContain("transfer");
    expect(after).toContain("atm");
    expect((await save({ ...body, methods: off([]) })).status).toBe(200);
    expect(codes(await quote())).toContain("line_pay");
  });

  it("instalments show in the quote only when the amount reaches each count's least amount", async () => {
    const body = input(await current());
    const one = (await quote(1, 1)).quote.payable;
    const three = (await quote(1, 3)).quote.payable;
    expect(three).toBeGreaterThan(one);
    await save({
      ...body,
      instalments: [
        { count: 3, on: true, min: 0 },
        { count: 6, on: true, min: one + 1 },
        { count: 12, on: true, min: three + 1 },
        { count: 24, on: true, min: three },
      ],
    });
    expect((await quote(1, 1)).instalments.map((i) => i.count)).toEqual([3]);
    const info = await quote(1, 3);
    expect(info.instalments.map((i) => i.count)).toEqual([3, 6, 24]);
    const plan = info.instalments.find((i) => i.count === 3);
    expect((plan?.first ?? 0) + (plan?.monthly ?? 0) * 2).toBe(three);
  });
});

describe("a sub-mall's payment settings", () => {
  const subBody = (
    s: ShopPaymentSettings,
    edit: Partial<{ off: string[]; own_instalments: boolean; instalments: unknown }> = {},
  ) => ({
    methods: s.methods.map((m) => ({ method: m.method, on: !(edit.off ?? []).includes(m.method) })),
    own_instalments: edit.own_instalments ?? s.own_instalments,
    instalments: edit.instalments ?? s.instalments,
  });
  const sub = async () =>
    (await t.call<ShopPaymentSettings>("GET", "/api/admin/shops/2/payment_settings", as("support"))).body.data;
  const saveSub = (body: unknown) =>
    t.call<ShopPaymentSettings>("PUT", "/api/admin/shops/2/payment_settings", { ...as("owner"), body });

  it("switching the card off in a sub-mall leaves it on in the main mall", async () => {
    const s = await sub();
    expect(s.methods.find((m) => m.method === "card")).toMatchObject({ on: true, main_on: true });
    const saved = await saveSub(subBody(s, { off: ["card"] }));
    expect(saved.status).toBe(200);
    expect(saved.body.data.methods.find((m) => m.method === "card")).toMatchObject({ on: false, main_on: true });
    expect(codes(await quote(2))).not.toContain("card");
    expect((await quote(2)).instalments).toEqual([]);
    expect(codes(await quote(1))).toContain("card");
    expect((await current()).methods.find((m) => m.method === "card")?.on).toBe(true);
    // Back on: the main mall's switch applies again.
    expect((await saveSub(subBody(s, { off: [] }))).status).toBe(200);
    expect(codes(await quote(2))).toContain("card");
  });

  it("a sub-mall cannot switch on what the main mall has off, nor switch everything off", async () => {
    const main = input(await current());
    await save({ ...main, methods: main.methods.map((m) => ({ ...m, on: m.method !== "jko_pay" })) });
    const s = await sub();
    expect(s.methods.find((m) => m.method === "jko_pay")).toMatchObject({ main_on: false });
    expect(codes(await quote(2))).not.toContain("jko_pay");
    const none = await saveSub(subBody(s, { off: s.methods.filter((m) => m.method !== "jko_pay").map((m) => m.method) }));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("請至少開放一種主商城提供的付款方式");
    await save({ ...main, methods: main.methods.map((m) => ({ ...m, on: true })) });
  });

  it("its own instalments apply in the sub-mall only; given back, the main mall's apply", async () => {
    const main = input(await current());
    await save({
      ...main,
      instalments: [
        { count: 3, on: true, min: 0 },
        { count: 6, on: true, min: 0 },
        { count: 12, on: false, min: 0 },
        { count: 24, on: false, min: 0 },
      ],
    });
    const s = await sub();
    expect(s.own_instalments).toBe(false);
    expect((await quote(2)).instalments.map((i) => i.count)).toEqual([3, 6]);
    const price = (await quote(2)).quote.payable;
    const own = [
      { count: 3, on: false, min: 0 },
      { count: 6, on: false, min: 0 },
      { count: 12, on: true, min: 0 },
      { count: 24, on: true, min: price + 1 },
    ];
    const saved = await saveSub(subBody(s, { own_instalments: true, instalments: own }));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ own_instalments: true, instalments: own });
    expect((await quote(2)).instalments.map((i) => i.count)).toEqual([12]);
    expect((await quote(1)).instalments.map((i) => i.count)).toEqual([3, 6]);
    // Own instalments, none on: the sub-mall offers none.
    await saveSub(subBody(s, { own_instalments: true, instalments: own.map((i) => ({ ...i, on: false })) }));
    expect((await quote(2)).instalments).toEqual([]);
    await saveSub(subBody(s, { own_instalments: false }));
    expect((await sub()).own_instalments).toBe(false);
    expect((await quote(2)).instalments.map((i) => i.count)).toEqual([3, 6]);
  });

  it("the main mall is not a sub-mall; an unknown shop is not found", async () => {
    expect((await t.call("GET", "/api/admin/shops/1/payment_settings", as("owner"))).status).toBe(404);
    expect((await t.call("GET", "/api/admin/shops/999/payment_settings", as("owner"))).status).toBe(404);
  });
});

describe("a deployment without TapPay (CHANNEL_CARD=off)", () => {
  it("shows TapPay's methods as not provided; they do not count as the one method left on", async () => {
    const off = await createTestApp({ env: { CHANNEL_CARD: "off" } });
    try {
      const owner = (await staffTokens(off)).owner;
      const s = (await off.call<PaymentSettings>("GET", "/api/admin/payment_settings", { token: owner })).body.data;
      const provided = Object.fromEntries(s.methods.map((m) => [m.method, m.provided]));
      expect(provided).toMatchObject({ card: false, line_pay: false, atm: false, transfer: true, cod: true });
      const body = {
        ...input(s),
        methods: s.methods.map((m) => ({ method: m.method, on: !m.provided, fee: "" })),
      };
      const none = await off.call("PUT", "/api/admin/payment_settings", { token: owner, body });
      expect(none.status).toBe(400);
      expect(none.body.message).toContain("請至少開放一種付款方式");
    } finally {
      await off.close();
    }
  });
});
