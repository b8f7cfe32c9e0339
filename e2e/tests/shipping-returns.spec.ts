import { type APIRequestContext, expect, test } from "@playwright/test";
import { registerMember, shot, staffSignIn } from "./flows";
import { phonePage } from "./helpers";

/**
 * 逆物流 (issue 49, decision 91): a store pick-up order delivered, the buyer asks for a return,
 * staff approve it through 7-ELEVEN, the buyer's order page shows the code, the simulated pushes
 * bring it back, staff receive and refund. Buyer on a phone, back office on a desktop.
 */
const SEVEN = { type: "cvs_711", id: "131386", name: "建盛門市", address: "台北市中正區重慶南路一段 122 號" };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function staffToken(request: APIRequestContext) {
  const r = await request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } });
  return ((await r.json()) as { data: { token: string } }).data.token;
}
async function variantOf(request: APIRequestContext, productId: number) {
  const p = (await (await request.get(`/api/product/get?id=${productId}`)).json()) as {
    data: { variants: Array<{ id: number }> };
  };
  return p.data.variants[0]?.id ?? 0;
}

test("a return through 7-ELEVEN gets a code, the buyer sees it, the parcel comes back, staff receive and refund", async ({
  browser,
  page,
  request,
}) => {
  const staff = await staffToken(request);
  const member = await registerMember(request, "超商退貨買家");
  const variant = await variantOf(request, 3);
  const placed = await request.post("/api/order/store/fast", {
    headers: bearer(member.token),
    data: {
      variant_id: variant,
      qty: 1,
      payment_method: "transfer",
      ship_method: "cvs_711",
      cvs_store: SEVEN,
      receiver: { name: "王小明", phone: member.phone },
      invoice: { type: "member" },
    },
  });
  const placedJson = (await placed.json()) as { message: string; data: { order_no: string } };
  expect(placed.status(), placedJson.message).toBe(200);
  const orderNo = placedJson.data.order_no;
  for (const [step, data] of [
    ["confirm_payment", {}],
    ["cvs_shipment", undefined],
    ["deliver", {}],
  ] as const) {
    const r = await request.post(`/api/admin/orders/${orderNo}/${step}`, { headers: bearer(staff), data });
    expect(r.status(), `${step}: ${await r.text()}`).toBe(200);
  }
  const asked = await request.post("/api/order/return", {
    headers: bearer(member.token),
    data: {
      order_no: orderNo,
      items: [{ variant_id: variant, qty: 1 }],
      reason: "damaged",
      note: "茶罐凹陷",
      refund_account: { bank_user_name: "王小明", bank_code: "004", branch_code: "0037", bank_account: "12345678901234" },
    },
  });
  expect(asked.status()).toBe(200);

  // Staff approve through 7-ELEVEN (the order's own chain is the default).
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, "operator", "operator12345");
  await page.goto("/admin/returns");
  const row = page.getByRole("row").filter({ hasText: orderNo });
  await expect(row.getByLabel("退貨方式")).toContainText("7-ELEVEN 門市寄回");
  await shot(page, "shipping-returns-approve-desktop");
  await row.getByRole("button", { name: "核准" }).click();
  await expect(page.getByText("已核准並建立退貨寄件，已通知買家")).toBeVisible();
  await expect(row).toContainText(/7-ELEVEN 門市寄回 \d{8}：等待寄回/);
  const code = /(\d{8})：等待寄回/.exec((await row.textContent()) ?? "")?.[1] ?? "";

  // The buyer reads where to drop it.
  const phone = await phonePage(browser);
  await phone.page.goto("/");
  await phone.page.evaluate((t) => localStorage.setItem("token", t), member.token);
  await phone.page.goto(`/member/order_detail?order_no=${orderNo}`);
  const send = phone.page.getByTestId("return-send-back");
  await expect(send).toContainText(`請於 7 天內至任一 7-ELEVEN 門市，以退貨編號 ${code} 寄回（免付運費）`);
  await expect(send.getByTestId("return-parcel-status")).toHaveText("退貨包裹：等待寄回");
  await shot(phone.page, "shipping-returns-buyer-code-phone");

  // 測試模式: the simulator's signed pushes — dropped at the store, then back at the shop.
  await row.getByRole("button", { name: "測試模式：下一個物流狀態" }).click();
  await expect(row).toContainText("退貨包裹運送中");
  await row.getByRole("button", { name: "測試模式：下一個物流狀態" }).click();
  await expect(row).toContainText("包裹已退回");
  await shot(page, "shipping-returns-back-desktop");
  await phone.page.reload();
  await expect(send.getByTestId("return-parcel-status")).toHaveText("退貨包裹：包裹已退回");
  await shot(phone.page, "shipping-returns-buyer-back-phone");
  await phone.context.close();

  await row.getByRole("button", { name: "收到，回庫存" }).click();
  await expect(row).toContainText("已收到退回商品");
  await row.getByRole("button", { name: /^退款 NT\$/ }).click();
  // Refunded, the request leaves 處理中 and is closed.
  await expect(row).toHaveCount(0);
  await expect
    .poll(async () => {
      const r = await request.get("/api/admin/returns?status=refunded&per_page=50", { headers: bearer(staff) });
      return ((await r.json()) as { data: { items: Array<{ order_no: string }> } }).data.items.some(
        (i) => i.order_no === orderNo,
      );
    })
    .toBe(true);
});
