import { expect, type Page, test } from "@playwright/test";
import { phonePage } from "./helpers";

/** Buying from a product page: the phone's fixed buy bar, badges, free-shipping progress, 直接購買. */

const money = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

/** Adds the product page's current variant; the badges count every item in the cart. */
async function addAndCount(page: Page, badges: number) {
  const add = page.getByRole("button", { name: "加入購物車" });
  await add.click();
  const panel = page.getByTestId("cart-panel");
  await expect(panel).toBeInViewport();
  await expect(page.getByTestId("cart-badge")).toHaveCount(badges);
  for (const badge of await page.getByTestId("cart-badge").all()) await expect(badge).toHaveText("1");

  // Free shipping: 再買 NT$X towards the lowest threshold (store pick-up, NT$999 in the demo shop).
  const amount = money(await panel.getByTestId("cart-amount").textContent());
  expect(amount).toBeLessThan(999);
  await expect(panel.getByTestId("free-shipping")).toContainText(`再買 NT$${(999 - amount).toLocaleString("en-US")} 即可免運`);
  await expect(panel.getByRole("progressbar", { name: "免運進度" })).toHaveAttribute("aria-valuenow", String(amount));

  // Three of it: past NT$999, the next threshold (home delivery NT$1,500) is named.
  const qty = panel.getByTestId("cart-line").getByRole("combobox");
  await qty.selectOption("3");
  for (const badge of await page.getByTestId("cart-badge").all()) await expect(badge).toHaveText("3");
  if (amount * 3 < 1500) {
    await expect(panel.getByTestId("free-shipping")).toContainText(
      `再買 NT$${(1500 - amount * 3).toLocaleString("en-US")} 新竹物流宅配也免運`,
    );
  } else {
    await expect(panel.getByTestId("free-shipping")).toContainText("已達免運門檻");
  }

  // The count survives a reload (read from the server) and empties with the cart.
  await page.reload();
  for (const badge of await page.getByTestId("cart-badge").all()) await expect(badge).toHaveText("3");
  await expect(page.getByTestId("cart-badge")).toHaveCount(badges);
  await page.getByRole("button", { name: /^開啟購物車\s*（3 件商品）$/ }).click();
  await page.getByTestId("cart-panel").getByRole("button", { name: "移除" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
}

test("desktop: the header cart shows the count, the drawer the way to free shipping", async ({ page }) => {
  await page.goto("/product/details?id=2");
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await expect(page.getByTestId("buy-bar")).toHaveCount(0);
  await expect(page.getByTestId("shopping-notes")).toContainText("新竹物流宅配 NT$120，滿 NT$1,500 免運");
  await expect(page.getByTestId("shopping-notes")).toContainText("7 天鑑賞期");
  // When it ships and how to pay are the shop's settings (the demo's 出貨說明 and payment switches).
  await expect(page.getByTestId("shopping-notes")).toContainText("付款完成後 1–3 個工作天內出貨");
  await expect(page.getByTestId("shopping-notes")).toContainText("信用卡、LINE Pay");
  await addAndCount(page, 1);
});

test("phone: the buy bar stays on screen while reading, and header and tab bar both count", async ({ browser }) => {
  const { context, page } = await phonePage(browser);
  await page.goto("/product/details?id=2");
  const bar = page.getByTestId("buy-bar");
  await expect(bar).toBeInViewport();
  await page.getByRole("heading", { name: "商品介紹" }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 1500);
  await expect(bar).toBeInViewport();
  await expect(bar.getByRole("button", { name: "加入購物車" })).toBeVisible();
  // Above the tab bar, not over it.
  const barBox = await bar.boundingBox();
  const tabBox = await page.getByTestId("mobile-tabbar").boundingBox();
  expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBeLessThanOrEqual((tabBox?.y ?? 0) + 1);
  // Tap targets of the bar and the tab bar are at least 44 px high.
  expect(barBox?.height ?? 0).toBeGreaterThanOrEqual(44);
  for (const tab of await page.getByTestId("mobile-tabbar").locator("a, button").all()) {
    expect((await tab.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await addAndCount(page, 2);
  await context.close();
});

test("直接購買 opens checkout with just this variant and quantity", async ({ browser }) => {
  const { context, page } = await phonePage(browser);
  await page.goto("/product/details?id=1");
  await page.getByTestId("buy-bar").getByRole("link", { name: "直接購買" }).click();
  await expect(page).toHaveURL(/\/cart\?variant_id=\d+&qty=1$/);
  await expect(page.getByText("阿里山金萱烏龍").first()).toBeVisible();
  await context.close();
});

test("phone: the pictures swipe, open full-screen and zoom; related products and a LINE share link", async ({ browser }) => {
  const { context, page } = await phonePage(browser);
  await page.goto("/product/details?id=1");
  const strip = page.getByRole("list", { name: "商品圖片" });
  const thumbs = page.getByRole("list", { name: "選擇圖片" }).getByRole("button");
  await expect(thumbs.first()).toHaveAttribute("aria-current", "true");
  // A swipe is a scroll of the snapping strip (whether it comes before the page's code or after).
  await strip.evaluate((el) => el.scrollTo({ left: el.clientWidth }));
  await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
  await strip.evaluate((el) => el.scrollTo({ left: 0 }));
  await expect(thumbs.first()).toHaveAttribute("aria-current", "true");
  await strip.evaluate((el) => el.scrollTo({ left: el.clientWidth }));
  await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
  await thumbs.first().click();
  await expect(thumbs.first()).toHaveAttribute("aria-current", "true");

  await page.getByRole("button", { name: "放大第 1 張圖片" }).click();
  const zoomIn = page.getByRole("button", { name: "放大", exact: true });
  await expect(zoomIn).toBeVisible();
  const image = page.locator(".yarl__slide_current .yarl__slide_image");
  const before = (await image.boundingBox())?.width ?? 0;
  await zoomIn.click();
  await expect.poll(async () => (await image.boundingBox())?.width ?? 0).toBeGreaterThan(before * 1.2);
  await page.getByRole("button", { name: "關閉" }).click();
  await expect(zoomIn).toHaveCount(0);

  const related = page.getByRole("region", { name: "你可能也喜歡" });
  // Up to four others in stock from the product's category (高山烏龍 has three more in the demo shop).
  await expect(related.getByRole("link")).toHaveCount(3);
  expect(await related.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).not.toContain(
    "/product/details?id=1",
  );
  const share = page.getByRole("link", { name: "分享到 LINE" });
  await expect(share).toHaveAttribute(
    "href",
    /^https:\/\/social-plugins\.line\.me\/lineit\/share\?url=http.*%2Fproduct%2Fdetails%3Fid%3D1$/,
  );
  await context.close();
});
