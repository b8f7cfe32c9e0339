import { type APIRequestContext, expect, test } from "@playwright/test";
import { shot, staffSignIn } from "./flows";
import { newPhone } from "./helpers";

/**
 * 批次建立寄件單 (issue 49, decision 91): staff select 20 shippable orders in the 待出貨 queue,
 * create their shipments at once and download one label PDF with 20 pages (desktop).
 */
const SEVEN = { type: "cvs_711", id: "131386", name: "建盛門市", address: "台北市中正區重慶南路一段 122 號" };

async function variantOf(request: APIRequestContext, productId: number) {
  const p = (await (await request.get(`/api/product/get?id=${productId}`)).json()) as {
    data: { variants: Array<{ id: number }> };
  };
  return p.data.variants[0]?.id ?? 0;
}

test("staff batch-create 20 store shipments and print them as one 20-page PDF", async ({ page, request }) => {
  test.setTimeout(120_000);
  const variant = await variantOf(request, 3);
  const nos: string[] = [];
  for (let i = 0; i < 20; i++) {
    const r = await request.post("/api/order/store/fast", {
      data: {
        variant_id: variant,
        qty: 1,
        payment_method: "cod",
        ship_method: "cvs_711",
        cvs_store: SEVEN,
        receiver: { name: "批次測試", phone: newPhone() },
        invoice: { type: "member" },
      },
    });
    const json = (await r.json()) as { message: string; data: { order_no: string } };
    expect(r.status(), json.message).toBe(200);
    nos.push(json.data.order_no);
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, "operator", "operator12345");
  await page.goto(
    `/admin/orders?filter=${encodeURIComponent(JSON.stringify({ queue: "to_ship", payment_method: "cod" }))}&perPage=50`,
  );
  for (const no of nos) {
    await page.getByRole("row").filter({ hasText: no }).getByRole("checkbox").check();
  }
  await page.getByRole("button", { name: "批次建立寄件單" }).click();
  const dialog = page.getByRole("dialog", { name: "批次建立寄件單" });
  await expect(dialog.getByTestId("batch-made")).toHaveText("已建立 20 筆寄件單");
  await shot(page, "shipping-batch-result-desktop");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "列印標籤 PDF" }).click(),
  ]);
  const path = await download.path();
  const bytes = (await import("node:fs")).readFileSync(path);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect((bytes.toString("latin1").match(/\/Type\s*\/Page(?!s)/g) ?? []).length).toBe(20);
});
