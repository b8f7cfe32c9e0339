import { expect, test } from "@playwright/test";
import { fillReceiver, shot } from "./flows";
import { newPhone, PHONE_UA } from "./helpers";

// Issue 49 (decision 89): fees by region, size and temperature — the same figures on the product
// page, in the cart and on the order, on a phone. 端午茶粽禮盒 is the demo's 冷藏 product: only 黑貓
// carries it (NT$130 + 低溫 NT$90, 離島 +NT$150, cold only as far as 澎湖 and 金門).
test.use({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("a chilled product: the same fee on the product page, the cart and the order; 綠島 refused with its reason", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const found = await request.get(`/api/product/search?keyword=${encodeURIComponent("端午茶粽禮盒")}`);
  const id = ((await found.json()) as { data: { list: Array<{ id: number; name: string }> } }).data.list.find(
    (p) => p.name === "端午茶粽禮盒",
  )?.id;
  expect(id).toBeDefined();

  // The product page: each method priced for this product.
  await page.goto(`/product/details?id=${id}`);
  await expect(page.getByTestId("ship-note-tcat")).toHaveText(
    "黑貓宅急便 本島 NT$220、離島 NT$370（含低溫 NT$90），滿 NT$1,500 免運（離島除外）",
  );
  await expect(page.getByTestId("ship-note-post")).toHaveText("中華郵政宅配 不配送此商品");
  await shot(page, "shipping-fees-product-phone");

  // The cart: the estimated fee per method for this cart, and the threshold.
  await page.getByRole("button", { name: "加入購物車" }).click();
  await expect(page.getByTestId("cart-panel")).toBeInViewport();
  await page.goto("/select_cart");
  await expect(page.getByTestId("cart-ship-fees")).toContainText("黑貓宅急便 NT$220");
  await expect(page.getByTestId("cart-ship-fees")).not.toContainText("中華郵政");
  await expect(page.getByTestId("free-shipping")).toContainText("黑貓宅急便 NT$1,500（離島除外）");
  await shot(page, "shipping-fees-cart-phone");

  // Checkout: 黑貓 to 綠島 is refused with its reason; to 澎湖 it costs what the product page said.
  await page.getByRole("link", { name: "前往結帳" }).click();
  await expect(page.getByTestId("payable")).toBeVisible();
  await expect(page.getByRole("radio", { name: /中華郵政宅配/ })).toBeDisabled();
  await page.getByRole("radio", { name: /黑貓宅急便/ }).check();
  await fillReceiver(page, newPhone());
  await page.getByLabel("縣市").selectOption("臺東縣");
  await page.getByLabel("鄉鎮市區").selectOption("綠島鄉");
  await page.getByLabel("地址", { exact: true }).fill("南寮村 1 號");
  await expect(page.getByTestId("ship-reason-tcat")).toHaveText("冷藏商品無法配送至綠島，請改選其他地址或配送方式");
  await page.getByLabel("ATM／銀行轉帳").check();
  await shot(page, "shipping-fees-checkout-refused-phone");
  await page.getByRole("button", { name: "確認下單" }).click();
  const refused = page.getByRole("dialog", { name: "錯誤" });
  await expect(refused).toContainText("冷藏商品無法配送至綠島，請改選其他地址或配送方式");
  await refused.getByRole("button", { name: "確認" }).click();
  await expect(page).toHaveURL(/\/cart$/);

  await page.getByLabel("縣市").selectOption("澎湖縣");
  await page.getByLabel("鄉鎮市區").selectOption("馬公市");
  await expect(page.getByTestId("ship-reason-tcat")).toHaveCount(0);
  await page.getByLabel("指定配送時段").selectOption("evening");
  await expect(page.getByRole("radio", { name: /黑貓宅急便/ })).toBeChecked();
  await expect(page.locator("dt:text-is('運費') + dd").first()).toHaveText("NT$370");
  await shot(page, "shipping-fees-checkout-phone");
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page.getByTestId("finish-title")).toHaveText("訂單已成立，請於期限內完成匯款");
  await expect(page.locator("dt:text-is('運費') + dd").first()).toHaveText("NT$370");
  await shot(page, "shipping-fees-order-phone");
});
