import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { shot, staffSignIn } from "./flows";
import { newPhone } from "./helpers";

/**
 * Issue 49 (decision 90): a 黑貓 order made, labelled, picked up and delivered by ECPay's
 * (simulated) pushes, completing after the appraisal period; and a B2C 全家 pick-up the same way
 * once the shop is switched to ECPay's B2C contract in the back office.
 */

async function staffToken(request: APIRequestContext) {
  const r = await request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

async function placeOrder(request: APIRequestContext, body: Record<string, unknown>) {
  const product = (await (await request.get("/api/product/get?id=3")).json()) as { data: { variants: Array<{ id: number }> } };
  const r = await request.post("/api/order/store/fast", {
    data: {
      invoice: { type: "mobile", carrier: "/ABC1234" },
      variant_id: product.data.variants[0]?.id,
      qty: 1,
      payment_method: "transfer",
      receiver: { name: "宅配測試", phone: newPhone() },
      email: `home-${Date.now().toString(36)}@example.com`,
      ...body,
    },
  });
  const json = (await r.json()) as { message: string; data: { order_no: string } };
  expect(r.status(), json.message).toBe(200);
  return json.data.order_no;
}

async function openOrder(page: Page, orderNo: string) {
  await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: orderNo }))}`);
  await page.getByRole("cell", { name: orderNo }).click();
  await expect(page.getByTestId("admin-order-status")).toBeVisible();
}

/** Ships from the order page, opens the label ECPay prints, then walks the simulated statuses to the end. */
async function shipAndDeliver(
  page: Page,
  create: string,
  labelButton: string,
  labelHeading: string,
  steps: number,
  name: string,
) {
  await page.getByRole("button", { name: "確認收款" }).click();
  await expect(page.getByTestId("admin-order-status")).toContainText("已付款");
  await page.getByRole("button", { name: create }).click();
  await expect(page.getByTestId("admin-order-status")).toContainText("已出貨");
  await shot(page, `${name}-shipped`);
  const [label] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: labelButton }).click()]);
  await expect(label.getByRole("heading", { name: labelHeading })).toBeVisible();
  await expect(label.getByText("測試模式").first()).toBeVisible();
  await shot(label, `${name}-label`);
  await label.close();
  for (let i = 0; i < steps; i++) {
    const [pushed] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/simulate_logistics")),
      page.getByRole("button", { name: "模擬下一個物流狀態（測試模式）" }).click(),
    ]);
    expect(pushed.status()).toBe(200);
    if (i < steps - 1) await expect(page.getByTestId("admin-order-status")).toContainText("已出貨");
  }
  await page.reload();
  await expect(page.getByTestId("admin-order-status")).toContainText("已送達");
}

test.beforeEach(async ({ page }) => {
  // The simulator's label page opens the print dialog by itself: not in a test.
  await page.context().addInitScript(() => {
    window.print = () => {};
  });
});

test("a 黑貓 order: created, labelled, picked up and delivered by ECPay's pushes, completed after the 鑑賞期", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await staffToken(request);
  const methods = (await (
    await request.get("/api/admin/ship_methods?shop_id=1", { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { items: Array<{ id: number; code: string; name: string; fee: number; sort: number }> } };
  const tcat = methods.data.items.find((m) => m.code === "tcat");
  expect(tcat, "the main mall lists 黑貓").toBeDefined();
  const put = await request.put(`/api/admin/ship_methods/${tcat?.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: tcat?.name, fee: tcat?.fee, free_threshold: null, enabled: true, sort: tcat?.sort },
  });
  expect(put.status()).toBe(200);
  const orderNo = await placeOrder(request, {
    ship_method: "tcat",
    address: { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 122 號" },
  });

  await staffSignIn(page, "operator", "operator12345");
  await openOrder(page, orderNo);
  await shipAndDeliver(page, "建立黑貓託運單並出貨", "列印託運單", "黑貓宅急便託運單", 3, "shipping-home-tcat");
  await shot(page, "shipping-home-tcat-delivered");

  const done = await request.post("/api/test/orders/after_appraisal", { data: { order_no: orderNo } });
  expect(done.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("admin-order-status")).toContainText("已完成");
});

test("a B2C 全家 pick-up: the shop switched to B2C in the back office, the 一段標 printed, picked up by the pushes", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await staffSignIn(page, "operator", "operator12345");
  await page.goto("/admin/store_contract");
  await page.getByLabel(/B2C 大宗寄倉/).check();
  await page.getByRole("button", { name: "儲存" }).click();
  await expect(page.getByText("超商取貨合約已儲存")).toBeVisible();
  await shot(page, "shipping-home-contract");
  try {
    const orderNo = await placeOrder(request, {
      ship_method: "cvs_family",
      cvs_store: { type: "cvs_family", id: "006598", name: "全家台北信義店", address: "台北市信義區松仁路 100 號" },
    });
    await openOrder(page, orderNo);
    await shipAndDeliver(page, "建立超商寄件單並出貨", "列印超商一段標（B2C）", "超商一段標", 3, "shipping-home-b2c");
    const done = await request.post("/api/test/orders/after_appraisal", { data: { order_no: orderNo } });
    expect(done.status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("admin-order-status")).toContainText("已完成");
  } finally {
    const token = await staffToken(request);
    await request.put("/api/admin/shops/1/store_contract", {
      headers: { authorization: `Bearer ${token}` },
      data: { contract: "c2c" },
    });
  }
});
