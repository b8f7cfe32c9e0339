import type { TakeoutView } from "@shop/contract";
import type { HctLabel } from "@shop/contract/responses";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createHctConsignments, hctBlockOf } from "../../modules/logistics/hct-consignments.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let staff = "";
let variant = 0;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  staff = await s.staffToken("operator");
  variant = await s.variantOf(34);
  await s.setStock(variant, 100);
});
afterAll(() => t.close());

/** A guest's home-delivery order (cash on delivery ships unpaid; a transfer is confirmed first). */
async function homeOrder(payment: "cod" | "transfer", extra: Record<string, unknown> = {}) {
  const cart = await s.cartWith([{ variantId: variant, qty: 2 }]);
  const r = await s.store(guestCartOrder(cart.lineIds, { payment_method: payment, invoice: { type: "member" }, ...extra }), {
    headers: cart.headers,
  });
  expect(r.status, r.body.message).toBe(200);
  const no = r.body.data.order_no;
  if (payment === "transfer") await t.services.payments.confirmOffline(no, "staff:1", "staff");
  return no;
}
const create = (no: string) =>
  t.call<{ status: string; tracking_no: string }>("POST", `/api/admin/orders/${no}/hct_shipment`, { token: staff });
const label = (no: string) => t.call<HctLabel>("GET", `/api/admin/orders/${no}/hct_label`, { token: staff });

describe("新竹物流託運單 from the back office", () => {
  test("an unpaid COD order ships with the next number of the block; its label carries the receiver and the cash to collect", async () => {
    const no = await homeOrder("cod");
    const before = await label(no);
    expect([before.status, before.body.message]).toEqual([404, "此訂單尚未以新竹物流託運單出貨"]);
    const made = await create(no);
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.message).toBe("已建立新竹物流託運單並出貨");
    expect(made.body.data.status).toBe("shipped");
    const tracking = made.body.data.tracking_no;
    expect(tracking).toMatch(/^99\d{8}$/);

    const l = await label(no);
    expect(l.status).toBe(200);
    expect(l.body.data).toMatchObject({
      tracking_no: tracking,
      test_mode: true,
      reference: no,
      receiver: { name: expect.any(String), phone: expect.stringMatching(/^09\d{8}$/) },
      // The shop's own phone and address (the demo main mall's 商城設定), not a placeholder number.
      sender: { name: "茶山好物", phone: "(02) 2345-6789", address: "台北市大安區忠孝東路四段 100 號" },
    });
    expect(l.body.data.receiver.address).toMatch(/[臺台]北市/);
    expect(l.body.data.collect_amount).toBeGreaterThan(0);
    expect(l.body.data.goods).toContain("× 2");

    // A second press finds it shipped and takes no new number.
    const again = await create(no);
    expect([again.status, again.body.message]).toEqual([409, "此訂單目前無法出貨"]);
    expect((await label(no)).body.data.tracking_no).toBe(tracking);
  });

  test("orders pressed at once get distinct, consecutive numbers; one order pressed twice at once gets one", async () => {
    const nos = await Promise.all([1, 2, 3, 4].map(() => homeOrder("transfer")));
    const made = await Promise.all(nos.map(create));
    expect(made.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const numbers = made.map((r) => Number(r.body.data.tracking_no)).sort();
    expect(new Set(numbers).size).toBe(4);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(3);
    // A paid transfer order: nothing to collect.
    expect((await label(nos[0] ?? "")).body.data.collect_amount).toBe(0);

    const twin = await homeOrder("transfer");
    const both = await Promise.all([create(twin), create(twin)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = both.find((r) => r.status === 200)?.body.data.tracking_no;
    expect((await label(twin)).body.data.tracking_no).toBe(won);
  });

  test("a store pick-up order is refused, an unknown order is 404, support may read a label but not make one", async () => {
    const cart = await s.cartWith([{ variantId: variant, qty: 1 }]);
    const store = { type: "cvs_711", id: "131386", name: "建盛門市", address: "台北市中正區重慶南路一段 122 號" };
    const body = guestCartOrder(cart.lineIds, { ship_method: "cvs_711", cvs_store: store, payment_method: "cod" });
    const cvs = await s.store({ ...body, address: undefined }, { headers: cart.headers });
    expect(cvs.status, cvs.body.message).toBe(200);
    const refused = await create(cvs.body.data.order_no);
    expect([refused.status, refused.body.message]).toEqual([400, "此訂單不是宅配，無法建立新竹物流託運單"]);
    expect((await create("20990101000000")).status).toBe(404);
    const support = await s.staffToken("support");
    const no = await homeOrder("transfer");
    expect((await t.call("POST", `/api/admin/orders/${no}/hct_shipment`, { token: support })).status).toBe(403);
    expect((await create(no)).status).toBe(200);
    expect((await t.call("GET", `/api/admin/orders/${no}/hct_label`, { token: support })).status).toBe(200);
  });

  test("a cloud-depot pick-up ships with its own number and label; the member sees the number", async () => {
    const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
    const addressId = await s.savedAddress(token);
    await t.database.db.transaction((tx) => t.services.depot.deposit(tx, memberId, [{ variantId: variant, qty: 2 }], "test:hct"));
    const r = await t.call<TakeoutView>("POST", "/api/user/takeout/hct", {
      body: { items: [{ variant_id: variant, qty: 1 }], address_id: addressId },
      token,
    });
    expect(r.status, r.body.message).toBe(200);
    const id = r.body.data.id;
    const ship = () =>
      t.call<{ status: string; tracking_no: string }>("POST", `/api/admin/takeouts/${id}/hct_shipment`, { token: staff });
    const both = await Promise.all([ship(), ship()]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 409]);
    const tracking = both.find((x) => x.status === 200)?.body.data.tracking_no ?? "";
    expect(tracking).toMatch(/^99\d{8}$/);
    const l = await t.call<HctLabel>("GET", `/api/admin/takeouts/${id}/hct_label`, { token: staff });
    expect(l.body.data).toMatchObject({
      tracking_no: tracking,
      reference: `提貨 #${id}`,
      collect_amount: 0,
      receiver: { name: "王小明", phone: "0912345678", address: "100 臺北市 中正區 重慶南路一段 122 號" },
    });
    const mine = await t.call<TakeoutView[]>("GET", "/api/user/takeout/list", { token });
    expect(mine.body.data.find((x) => x.id === id)?.tracking_no).toBe(tracking);
  });

  test("a number taken while a rival shipped with a typed one prints no label", async () => {
    const no = await homeOrder("transfer");
    // The consignment is numbered, then another staff member ships with a number typed by hand first.
    await createHctConsignments(t.database.db, hctBlockOf(undefined)).numberFor(`order:${no}`);
    expect(
      (await t.call("POST", `/api/admin/orders/${no}/ship`, { token: staff, body: { tracking_no: "HCT1234567" } })).status,
    ).toBe(200);
    expect((await create(no)).status).toBe(409);
    const l = await label(no);
    expect([l.status, l.body.message]).toEqual([404, "此訂單尚未以新竹物流託運單出貨"]);
  });

  test("a used-up block refuses with what to do, never hands out a number twice, and keeps leading zeros", async () => {
    const tiny = createHctConsignments(t.database.db, hctBlockOf("0123450001-0123450002"));
    const a = await tiny.numberFor("test:a");
    expect(a.trackingNo).toBe("0123450001");
    expect((await tiny.numberFor("test:a")).trackingNo).toBe("0123450001");
    expect((await tiny.numberFor("test:b")).trackingNo).toBe("0123450002");
    await expect(tiny.numberFor("test:c")).rejects.toMatchObject({
      code: "HCT_NUMBERS_USED_UP",
      message: "新竹物流託運單號已用完，請向新竹物流申請新的單號區間並更新設定",
    });
    // A subject numbered from another block (a test number before the contract's block was set) gets a new one.
    expect((await createHctConsignments(t.database.db, hctBlockOf(undefined)).numberFor("test:c")).trackingNo).toMatch(/^99/);
    const real = createHctConsignments(t.database.db, hctBlockOf("0123460001-0123460009"));
    expect((await real.numberFor("test:c")).trackingNo).toBe("0123460001");
  });
});
