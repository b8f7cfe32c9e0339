import type { AddressBookEntry, OrderView, StoreResult } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
});
afterAll(() => t.close());

const entry = {
  name: "王小明",
  phone: "0912345678",
  zip: "100",
  county: "台北市",
  district: "中正區",
  line: "重慶南路一段 122 號",
};

describe("address book", () => {
  test("save (台 becomes 臺), list, use at checkout by id; wrong district or zip refused", async () => {
    const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const saved = await t.call<AddressBookEntry>("POST", "/api/user/addr/store", { body: entry, token });
    expect(saved.body.data).toMatchObject({ county: "臺北市", district: "中正區", zip: "100" });
    const wrongDistrict = await t.call<{ errors: Array<{ field: string }> }>("POST", "/api/user/addr/store", {
      body: { ...entry, district: "板橋區" },
      token,
    });
    expect(wrongDistrict.status).toBe(400);
    expect(wrongDistrict.body.data.errors[0]?.field).toBe("district");
    expect((await t.call("POST", "/api/user/addr/store", { body: { ...entry, zip: "220" }, token })).status).toBe(400);
    expect((await t.call<AddressBookEntry[]>("GET", "/api/user/addr/search", { token })).body.data).toHaveLength(1);

    const v = await s.variantOf(3);
    const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
      body: {
        variant_id: v,
        ship_method: "hct",
        payment_method: "transfer",
        receiver: { name: "王小明", phone: "0912345678" },
        address_id: saved.body.data.id,
        invoice: { type: "member" },
      },
      token,
    });
    expect(r.status).toBe(200);
    const d = await t.call<OrderView>("POST", "/api/order/detail", { body: { order_no: r.body.data.order_no }, token });
    expect(d.body.data.address).toEqual({ zip: "100", county: "臺北市", district: "中正區", line: "重慶南路一段 122 號" });
  });

  test("another member's address id is a 404 everywhere; nothing changes", async () => {
    const owner = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const id = (await t.call<AddressBookEntry[]>("GET", "/api/user/addr/search", { token: owner })).body.data[0]?.id;
    const other = await s.login(DEMO_ACCOUNTS.downline.phone, DEMO_ACCOUNTS.downline.password);
    expect((await t.call("POST", "/api/user/addr/delete", { body: { id }, token: other })).status).toBe(404);
    expect((await t.call("POST", "/api/user/addr/store", { body: { ...entry, id }, token: other })).status).toBe(404);
    expect((await t.call<AddressBookEntry[]>("GET", "/api/user/addr/search", { token: other })).body.data).toEqual([]);
    const order = await t.call("POST", "/api/order/store/fast", {
      body: {
        variant_id: await s.variantOf(3),
        ship_method: "hct",
        payment_method: "transfer",
        receiver: { name: "李小華", phone: DEMO_ACCOUNTS.downline.phone },
        address_id: id,
        invoice: { type: "member" },
      },
      token: other,
    });
    expect(order.status).toBe(404);
    expect((await t.call<AddressBookEntry[]>("GET", "/api/user/addr/search", { token: owner })).body.data).toHaveLength(1);
    expect((await t.call("POST", "/api/user/addr/delete", { body: { id }, token: owner })).status).toBe(200);
  });
});
