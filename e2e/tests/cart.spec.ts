import { expect, test } from "@playwright/test";

test("a visitor adds to the cart, changes the quantity, and keeps the cart after signing in", async ({ page }) => {
  await page.goto("/product/details?id=2");
  await page.getByRole("button", { name: "加入購物車" }).click();
  const panel = page.getByTestId("cart-panel");
  await expect(panel).toBeInViewport();
  const line = panel.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("梨山高冷烏龍");
  const unit = Number(((await panel.getByTestId("cart-amount").textContent()) ?? "").replace(/[^\d]/g, ""));

  await panel.getByLabel("梨山高冷烏龍 數量").selectOption("3");
  await expect(panel.getByTestId("cart-amount")).toHaveText(`NT$${(unit * 3).toLocaleString("en-US")}`);
  expect(await page.evaluate(() => localStorage.getItem("cart_token"))).toMatch(/^[\w-]{43}$/);

  await panel.getByRole("link", { name: "前往結帳" }).click();
  await expect(page).toHaveURL(/\/select_cart$/);
  await expect(page.getByTestId("select-cart-amount")).toHaveText(`NT$${(unit * 3).toLocaleString("en-US")}`);

  // Sign in: the visitor cart becomes the member's.
  await page.goto("/login");
  await page.getByLabel("手機號碼或電子郵件").fill("0912345678");
  await page.getByLabel("密碼").fill("demo1234");
  await page.getByRole("button", { name: "登入", exact: true }).click();
  await expect(page).toHaveURL(/\/member$/);
  expect(await page.evaluate(() => localStorage.getItem("cart_token"))).toBeNull();
  await page.goto("/select_cart");
  await expect(page.getByRole("link", { name: "梨山高冷烏龍" })).toBeVisible();
});

test("a sold-out variant cannot be added", async ({ page }) => {
  await page.goto("/product/details?id=11");
  await expect(page.getByRole("button", { name: "已售完" })).toBeDisabled();
});
