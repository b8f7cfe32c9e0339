import { expect, type Page, test } from "@playwright/test";
import { phonePage } from "./helpers";

/**
 * Finding works the first time (issue 47): the search box gets out of the way of its results and
 * searches what was typed, a reversed price range is put right and said so, a sound-alike typo
 * (烏隆 for 烏龍) still finds the tea, and a sub-mall's missing page stays in the sub-mall.
 */

const box = (page: Page) => page.getByRole("combobox", { name: "搜尋商品" });
const NEUTRAL = /^\/(uploads|img|og|api)\//;

test("phone: after Enter the suggestion list closes over the results, even when the suggestions answer late", async ({
  browser,
}) => {
  const { context, page } = await phonePage(browser);
  await page.goto("/");
  // Enter right away, before the suggestions have answered: their late answer must not open the list.
  await box(page).fill("烏龍");
  await box(page).press("Enter");
  await expect(page).toHaveURL(/\/product\?keyword=%E7%83%8F%E9%BE%8D$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("烏龍");
  await page.waitForTimeout(700);
  await expect(page.getByRole("listbox", { name: "搜尋建議" })).toHaveCount(0);
  // Enter with the list showing.
  await box(page).fill("紅茶");
  await expect(page.getByRole("listbox", { name: "搜尋建議" })).toBeVisible();
  await box(page).press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("紅茶");
  await page.waitForTimeout(700);
  await expect(page.getByRole("listbox", { name: "搜尋建議" })).toHaveCount(0);
  await expect(page.locator("main ul.grid li a").first()).toBeInViewport();
  await context.close();
});

test("desktop: with the pointer resting on the suggestions, Enter searches what was typed; arrow keys still choose", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await box(page).fill("烏龍");
  const list = page.getByRole("listbox", { name: "搜尋建議" });
  await expect(list.getByRole("option").first()).toBeVisible();
  await list.getByRole("option").nth(1).hover();
  await box(page).press("Enter");
  await expect(page).toHaveURL(/\/product\?keyword=%E7%83%8F%E9%BE%8D$/);
  await expect(list).toHaveCount(0);

  await page.goto("/");
  await box(page).fill("烏龍");
  await expect(list.getByRole("option").first()).toBeVisible();
  const first = (await list.getByRole("option").first().locator("span").first().textContent()) ?? "";
  await box(page).press("ArrowDown");
  await box(page).press("Enter");
  await expect(page).toHaveURL(/\/product\/details\?id=\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(first.trim());
});

test("phone: a price range with the minimum above the maximum is swapped and the shopper is told", async ({ browser }) => {
  const { context, page } = await phonePage(browser);
  await page.goto(`/product?keyword=${encodeURIComponent("烏龍")}&min_price=2000&max_price=100`);
  await expect(
    page.getByRole("status").filter({ hasText: "最低價格高於最高價格，已為您對調為 NT$100 – NT$2,000" }),
  ).toBeVisible();
  await expect(page.getByText("共 0 項商品")).toHaveCount(0);
  await expect(page.getByLabel("最低價")).toHaveValue("100");
  await expect(page.getByLabel("最高價")).toHaveValue("2000");
  await context.close();
});

test("phone: a sound-alike typo finds the product (烏隆 → 烏龍, 金宣 → 金萱), in results and suggestions", async ({
  browser,
}) => {
  const { context, page } = await phonePage(browser);
  await page.goto(`/product?keyword=${encodeURIComponent("金宣")}`);
  await expect(page.getByRole("status").filter({ hasText: "找不到完全符合「金宣」的商品，以下是相近的結果。" })).toBeVisible();
  await expect(page.getByRole("link", { name: /阿里山金萱烏龍/ }).first()).toBeVisible();
  await page.goto(`/product?keyword=${encodeURIComponent("烏隆")}`);
  await expect(page.getByRole("link", { name: /梨山高冷烏龍/ }).first()).toBeVisible();
  await box(page).fill("金宣");
  await expect(page.getByRole("listbox", { name: "搜尋建議" }).getByRole("option", { name: /阿里山金萱烏龍/ })).toBeVisible();
  await context.close();
});

test("phone: a missing page in a sub-mall is the sub-mall's own 404, and a missing product leads back to its home", async ({
  browser,
  request,
}) => {
  const shop = (await (await request.get("/api/front/shop/get?shop_id=2")).json()).data.shop as { name: string };
  const { context, page } = await phonePage(browser);
  const res = await page.goto("/shop_2/xyz");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "找不到此頁面" })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(shop.name));
  const hrefs = await page.$$eval("a[href], form[action]", (els) =>
    els.map((e) => e.getAttribute("href") ?? e.getAttribute("action") ?? ""),
  );
  const leaks = hrefs
    .filter((h) => h.startsWith("/") && !h.startsWith("//") && !NEUTRAL.test(h))
    .filter((h) => h !== "/shop_2" && !h.startsWith("/shop_2/") && !h.startsWith("/shop_2?"));
  expect(leaks).toEqual([]);
  await expect(page.getByRole("link", { name: "回到首頁" })).toHaveAttribute("href", "/shop_2/");

  const missing = await page.goto("/shop_2/product/details?id=999999");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "回到首頁" })).toHaveAttribute("href", "/shop_2/");
  await page.getByRole("link", { name: "回到首頁" }).click();
  await expect(page).toHaveURL(/\/shop_2\/$/);
  await context.close();
});
