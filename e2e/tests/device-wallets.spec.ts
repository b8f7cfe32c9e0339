import { expect, test } from "@playwright/test";
import { shot } from "./flows";
import { PHONE_UA } from "./helpers";

// Issue 48: Apple Pay / Google Pay as an express entry on the product page and the cart. The
// Payment Request sheet cannot ask for store pick-up or an e-invoice carrier, so the button takes
// the shopper to checkout with the wallet chosen (pay=). In 測試模式 (TapPay's simulator) the
// button shows on any device. Real mode's capability check (ApplePaySession.canMakePayments,
// PaymentRequest.canMakePayment for Google Pay) cannot be exercised in headless Chromium.
test.use({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("product page: the Apple Pay（測試模式） button opens the quick checkout with this product and Apple Pay chosen", async ({
  page,
}) => {
  await page.goto("/product/details?id=1");
  const wallet = page.getByTestId("device-wallet");
  const button = wallet.getByRole("link", { name: "使用 Apple Pay 結帳（測試模式）" });
  await expect(button).toHaveText("Apple Pay（測試模式）");
  await expect(wallet).toContainText("下一步確認取貨方式與發票");
  await page.getByRole("button", { name: "增加數量" }).click();
  await button.scrollIntoViewIfNeeded();
  await shot(page, "device-product");
  await button.click();
  await expect(page).toHaveURL(/\/cart\?variant_id=\d+&qty=2&pay=apple_pay$/);
  await expect(page.getByText("阿里山金萱烏龍").first()).toBeVisible();
  await expect(page.getByText(/× 2$/)).toBeVisible();
});

test("a sold-out product shows no Apple Pay button", async ({ page }) => {
  await page.goto("/product/details?id=11");
  await expect(page.getByRole("button", { name: "已售完" })).toBeVisible();
  // The button appears only after hydration: once the page's code and chunks are in, still none.
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("device-wallet")).toHaveCount(0);
});

test("cart: the Apple Pay（測試模式） button opens checkout with the cart's chosen lines and Apple Pay chosen", async ({
  page,
}) => {
  await page.goto("/product/details?id=2");
  await page.getByTestId("buy-bar").getByRole("button", { name: "加入購物車" }).click();
  await expect(page.getByTestId("cart-panel")).toBeInViewport();
  await page.goto("/select_cart");
  const name = (await page.getByRole("listitem").getByRole("link").first().textContent())?.trim() ?? "";
  expect(name).not.toBe("");
  const button = page.getByTestId("device-wallet").getByRole("link", { name: "使用 Apple Pay 結帳（測試模式）" });
  await expect(button).toBeVisible();
  await shot(page, "device-cart");
  await button.click();
  await expect(page).toHaveURL(/\/cart\?pay=apple_pay$/);
  await expect(page.getByText(name).first()).toBeVisible();
});

test("cart: with no line chosen for checkout, no Apple Pay button", async ({ page }) => {
  await page.goto("/product/details?id=2");
  await page.getByTestId("buy-bar").getByRole("button", { name: "加入購物車" }).click();
  await expect(page.getByTestId("cart-panel")).toBeInViewport();
  await page.goto("/select_cart");
  await expect(page.getByTestId("device-wallet")).toBeVisible();
  const chosen = page.getByRole("checkbox", { checked: true });
  while ((await chosen.count()) > 0) {
    const before = await chosen.count();
    await chosen.first().click();
    await expect(chosen).toHaveCount(before - 1);
  }
  await expect(page.getByRole("link", { name: "前往結帳" })).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByTestId("device-wallet")).toHaveCount(0);
});
