import { type APIRequestContext, expect, test } from "@playwright/test";
import { fillHomeAddress, openCheckout, orderNoOf, payByCard, registerMember, shot, signIn, staffSignIn } from "./flows";
import { phonePage } from "./helpers";

/** 預購 (decision 96): a member pre-orders on a phone and pays; staff receive stock; the order is released and the buyer sees it. */

const PRODUCT = 20;

async function staffHeaders(request: APIRequestContext) {
  const login = await request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } });
  return { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
}

type AdminProduct = Record<string, unknown> & {
  variants: Array<Record<string, unknown> & { id: number; stock: number; name: string }>;
};

/** The product's first variant: stock to 0, on pre-order (cap 5) shipping in 30 days; returns it and the date. */
async function openPreorder(request: APIRequestContext) {
  const headers = await staffHeaders(request);
  const p = ((await (await request.get(`/api/admin/products/${PRODUCT}`, { headers })).json()) as { data: AdminProduct }).data;
  const v = p.variants[0];
  if (!v) throw new Error("no variant");
  if (v.stock > 0) {
    const r = await request.post(`/api/admin/products/${PRODUCT}/stock`, {
      headers,
      data: { variant_id: v.id, delta: -v.stock, reason: "adjust", note: "e2e 預購" },
    });
    expect(r.status()).toBe(200);
  }
  const shipOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  const body = {
    ...pick(p, [
      "category_id",
      "name",
      "subtitle",
      "description",
      "images",
      "status",
      "point_percent",
      "tags",
      "per_order_limit",
      "temperature",
      "shop_ids",
    ]),
    variants: p.variants.map((x, i) => ({
      ...pick(x, ["id", "sku", "name", "price", "list_price", "image", "size_cm", "weight_g"]),
      preorder_cap: i === 0 ? 5 : null,
      preorder_ship_on: i === 0 ? shipOn : null,
    })),
  };
  const r = await request.put(`/api/admin/products/${PRODUCT}`, { headers, data: body });
  expect(r.status(), await r.text()).toBe(200);
  return { variant: v, shown: shipOn.replace(/-/g, "/") };
}

test("a pre-order is placed and paid on a phone, released when stock arrives, and the buyer sees it", async ({
  browser,
  page,
  request,
}) => {
  const { variant, shown } = await openPreorder(request);
  const member = await registerMember(request, "預購買家");
  const { context, page: phone } = await phonePage(browser);
  await signIn(phone, member.phone, member.password);

  // The product page says it is a pre-order and when it ships; the button says 預購.
  await phone.goto(`/product/details?id=${PRODUCT}&variant=${variant.id}`);
  await expect(phone.getByTestId("stock-state")).toHaveText(`預購商品，預計 ${shown} 出貨`);
  await shot(phone, "preorder-product-phone");
  await phone.getByTestId("buy-bar").getByRole("button", { name: "預購" }).click();
  await expect(phone.getByTestId("cart-panel")).toBeInViewport();
  await openCheckout(phone);
  await expect(phone.getByTestId("preorder-badge").first()).toHaveText(`預購・預計 ${shown} 出貨`);
  await phone.getByLabel("新竹物流宅配").check();
  await phone.getByLabel("收件人姓名").fill("預購買家");
  await phone.getByLabel("手機號碼").fill(member.phone);
  await fillHomeAddress(phone);
  await payByCard(phone, "4242 4242 4242 4242");
  await phone.getByRole("button", { name: "確認下單" }).click();
  await expect(phone.getByTestId("finish-title")).toHaveText("感謝您的訂購，付款已完成");
  await expect(phone.getByTestId("finish-preorder")).toHaveText(`預購商品，預計 ${shown} 出貨`);
  const orderNo = await orderNoOf(phone);
  await phone.goto(`/member/order_detail?order_no=${orderNo}`);
  await expect(phone.getByTestId("preorder-note")).toHaveText(`預購商品，預計 ${shown} 出貨`);
  await shot(phone, "preorder-order-waiting-phone");

  await page.goto(`/product/details?id=${PRODUCT}&variant=${variant.id}`);
  await expect(page.getByTestId("stock-state")).toHaveText(`預購商品，預計 ${shown} 出貨`);
  await shot(page, "preorder-product-desktop");

  // Staff see it in 預購待出貨, receive stock, and it is released.
  await staffSignIn(page, "operator", "operator12345");
  await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ queue: "preorder_waiting" }))}`);
  const row = page.getByRole("row").filter({ hasText: orderNo });
  await expect(row.getByTestId("preorder-waiting")).toHaveText(`預購待出貨・預計 ${shown}`);
  await shot(page, "preorder-admin-queue-desktop");
  await page.goto(`/admin/products/${PRODUCT}`);
  const panel = page.getByTestId("stock-panel");
  await panel.getByLabel("規格").click();
  await page.getByRole("option", { name: variant.name }).click();
  await panel.getByLabel("數量（減少請輸入負數）").fill("3");
  await panel.getByLabel("說明").fill("預購到貨");
  await panel.getByRole("button", { name: "送出調整" }).click();
  await expect(page.getByText("庫存已調整，已放行 1 筆預購訂單")).toBeVisible();
  await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ queue: "to_ship" }))}`);
  await expect(page.getByRole("row").filter({ hasText: orderNo }).getByTestId("preorder-released")).toHaveText("預購已到貨");
  await shot(page, "preorder-admin-released-desktop");

  // The buyer sees it released, on the page and in their notices.
  await phone.goto(`/member/order_detail?order_no=${orderNo}`);
  await expect(phone.getByTestId("preorder-note")).toHaveText("預購商品已到貨，將盡快為您出貨");
  await shot(phone, "preorder-order-released-phone");
  await phone.goto("/member/notice");
  await expect(phone.getByText(`訂單 ${orderNo} 預購商品已到貨`)).toBeVisible();
  await context.close();

  // The order on a desktop.
  await signIn(page, member.phone, member.password);
  await page.goto(`/member/order_detail?order_no=${orderNo}`);
  await shot(page, "preorder-order-desktop");
});
