import { expect, type Page, test } from "@playwright/test";
import { phonePage } from "./helpers";

/** Finding products as shoppers here type: variant characters, typos, no results, filters. */

async function searchFor(page: Page, keyword: string): Promise<string[]> {
  const box = page.getByRole("combobox", { name: "搜尋商品" });
  await box.fill(keyword);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(keyword);
  return (await page.locator("main ul.grid li h3, main ul.grid li [data-testid=card-name]").allInnerTexts()).sort();
}

async function variantsFindTheSame(page: Page) {
  await page.goto("/");
  const tai = await searchFor(page, "台東");
  expect(tai).toContain("台東紅烏龍");
  const tai2 = await searchFor(page, "臺東");
  expect(tai2).toEqual(tai);
  await expect(page.getByText(/以下是相近的結果/)).toHaveCount(0);
}

test("臺東 finds what 台東 finds (desktop)", async ({ page }) => {
  await variantsFindTheSame(page);
});

test("臺東 finds what 台東 finds (phone)", async ({ browser }) => {
  const { context, page } = await phonePage(browser);
  await variantsFindTheSame(page);
  await context.close();
});

test("a typo finds the product and says the results are close; nothing found suggests categories and best sellers", async ({
  page,
}) => {
  await page.goto(`/product?keyword=${encodeURIComponent("金萱烏籠")}`);
  await expect(
    page.getByRole("status").filter({ hasText: "找不到完全符合「金萱烏籠」的商品，以下是相近的結果。" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /阿里山金萱烏龍/ }).first()).toBeVisible();

  await page.goto(`/product?keyword=${encodeURIComponent("不存在的東西")}`);
  await expect(page.getByText("共 0 項商品")).toBeVisible();
  await expect(page.getByRole("heading", { name: "找不到符合的商品，換個關鍵字試試看。" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "逛逛商品分類" })).toBeVisible();
  await expect(page.getByRole("link", { name: "台灣好茶" }).last()).toBeVisible();
  await expect(page.getByRole("heading", { name: "熱銷商品" })).toBeVisible();
  await page
    .getByRole("heading", { name: "熱銷商品" })
    .locator("xpath=following-sibling::ul[1]")
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL(/\/product\/details\?id=\d+$/);
});

async function cardPrices(page: Page): Promise<number[]> {
  return (await page.locator("main ul.grid li .text-red-700").allInnerTexts()).map((p) => Number(p.replace(/[^\d]/g, "")));
}

async function filterCategory(page: Page) {
  await page.goto("/product?parent_categry_id=1");
  await expect(page.getByText("共 16 項商品")).toBeVisible();
  await expect(page.getByText("已售完").first()).toBeVisible();

  await page.getByLabel("只看有現貨").check();
  await expect(page).toHaveURL(/in_stock=1/);
  await expect(page.getByText("已售完")).toHaveCount(0);
  const inStock = Number((await page.getByText(/^共 \d+ 項商品$/).innerText()).replace(/[^\d]/g, ""));
  expect(inStock).toBeLessThan(16);

  await page.getByText("價格區間").click();
  await page.getByLabel("最低價").fill("300");
  await page.getByLabel("最高價").fill("800");
  await page.getByRole("button", { name: "套用" }).click();
  await expect(page).toHaveURL(/min_price=300/);
  await expect(page).toHaveURL(/in_stock=1/);
  // The URL changes before the new cards render: wait for the cards, not only the address.
  const inRange = (prices: number[]) => prices.length > 0 && prices.every((p) => p >= 300 && p <= 800);
  await expect.poll(async () => inRange(await cardPrices(page))).toBe(true);

  // The sort keeps the filters.
  await page.getByLabel("排序").selectOption("price_desc");
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(page).toHaveURL(/max_price=800/);
  const descending = (prices: number[]) => prices.every((p, i) => i === 0 || (prices[i - 1] ?? p) >= p);
  await expect.poll(async () => descending(await cardPrices(page))).toBe(true);
  expect(inRange(await cardPrices(page))).toBe(true);
}

test("a category filters by price range and 只看有現貨, kept while sorting (desktop)", async ({ page }) => {
  await filterCategory(page);
});

test("a category filters by price range and 只看有現貨, kept while sorting (phone)", async ({ browser }) => {
  const { context, page } = await phonePage(browser);
  await filterCategory(page);
  await context.close();
});
