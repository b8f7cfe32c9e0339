// An inquiry is linked to its order and member (issue 47): the order number given on the form, or
// one written in the message, when such an order exists; the member when they sent it signed in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

interface Inquiry {
  id: number;
  order_no: string | null;
  member_id: number | null;
}
let t: TestApp;
let support = "";
let member = "";
let memberId = 0;
let orderNo = "";
let ip = 0;
beforeAll(async () => {
  t = await createTestApp();
  const s = orderSteps(t);
  support = await s.staffToken("support");
  member = await loginAs(t, DEMO_ACCOUNTS.member);
  orderNo = (await s.memberOrder(member, await s.variantOf(2))).order_no;
  const me = await t.call<{ id: number }>("GET", "/api/user/get", { token: member });
  memberId = me.body.data.id;
});
afterAll(() => t.close());

async function ask(body: Record<string, unknown>, token?: string) {
  ip++;
  const r = await t.call<{ id: number }>("POST", "/api/contactu/email", {
    body: {
      name: "王小明",
      phone: "0912345678",
      email: "asker@example.com",
      subject: "訂單問題",
      message: "請問何時出貨呢？",
      ...body,
    },
    ...(token ? { token } : {}),
    ip: `10.47.0.${ip}`,
  });
  expect(r.status, r.body.message).toBe(200);
  return (await t.call<Inquiry>("GET", `/api/admin/inquiries/${r.body.data.id}`, { token: support })).body.data;
}

describe("an inquiry's order and member", () => {
  it("a signed-in member's inquiry with an order number is linked to both", async () => {
    const q = await ask({ order_no: orderNo }, member);
    expect([q.order_no, q.member_id]).toEqual([orderNo, memberId]);
  });

  it("an order number written in a visitor's message links the order, not a member", async () => {
    const q = await ask({ message: `訂單編號 ${orderNo}，請問何時出貨？` });
    expect([q.order_no, q.member_id]).toEqual([orderNo, null]);
  });

  it("a number that is no order links nothing; a malformed one is refused with its reason", async () => {
    expect((await ask({ order_no: "20991231000000" })).order_no).toBeNull();
    const bad = await t.call("POST", "/api/contactu/email", {
      body: {
        name: "王小明",
        phone: "0912345678",
        email: "a@example.com",
        subject: "x",
        message: "請問何時出貨呢？",
        order_no: "123",
      },
      ip: "10.47.1.1",
    });
    expect([bad.status, bad.body.message]).toEqual([400, "輸入資料有誤：訂單編號為 14 位數字"]);
  });

  it("the inbox lists the order number", async () => {
    const page = await t.call<{ items: Inquiry[] }>("GET", "/api/admin/inquiries?per_page=50", { token: support });
    expect(page.body.data.items.some((q) => q.order_no === orderNo)).toBe(true);
  });
});
