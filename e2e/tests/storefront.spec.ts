import { expect, type Page, test } from "@playwright/test";
import { phonePage } from "./helpers";

/** Home → category → product → variant: price and stock follow the chosen variant. */
async function browseToVariant(page: Page, mobile: boolean) {
  await page.goto("/");
  if (mobile) {
    await page.getByRole("region", { name: "商品分類" }).getByRole("link", { name: "台灣好茶" }).click();
  } else {
    await page.getByRole("navigation", { name: "商品分類" }).getByRole("link", { name: "台灣好茶" }).click();
  }
  await expect(page).toHaveURL(/\/product\?parent_categry_id=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "台灣好茶" })).toBeVisible();
  await expect(page.getByText("共 16 項商品")).toBeVisible();

  await page
    .getByRole("link", { name: /阿里山金萱烏龍/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/product\/details\?id=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "阿里山金萱烏龍" })).toBeVisible();

  const price = page.getByTestId("price");
  const stock = page.getByTestId("stock-state");
  await expect(price).toContainText("NT$400");
  await expect(stock).toHaveText("現貨供應");

  const variants = page.getByRole("group", { name: "規格" });
  await variants.getByText("150g 罐裝").click();
  await expect(price).toContainText("NT$660");
  await expect(page).toHaveURL(/variant=\d+/);

  await variants.getByText("300g 家庭號").click();
  await expect(price).toContainText("NT$1,020");
  await expect(stock).toHaveText("已售完");
  await expect(page.getByRole("button", { name: "已售完" })).toBeDisabled();
}

test("browse home → category → product → pick a variant (desktop)", async ({ page }) => {
  await browseToVariant(page, false);
});

test("the same browse flow in the mobile layout", async ({ browser }) => {
  const { context, page } = await phonePage(browser);
  await browseToVariant(page, true);
  await expect(page.getByTestId("mobile-tabbar")).toBeVisible();
  await context.close();
});

async function searchOolong(page: Page) {
  const box = page.getByRole("combobox", { name: "搜尋商品" });
  await box.click();
  await box.pressSequentially("烏龍", { delay: 50 });
  const list = page.getByRole("listbox", { name: "搜尋建議" });
  await expect(list.getByRole("option").first()).toBeVisible();
  const names = (await list.getByRole("option").allInnerTexts()).map((t) => t.replace(/\s*NT\$[\d,]+\s*$/, "").trim());
  expect(names.length).toBeGreaterThan(1);
  expect(names.every((n) => n.includes("烏龍"))).toBe(true);
  // Keyboard: the second suggestion, then Enter opens it.
  await box.press("ArrowDown");
  await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", /opt-1$/);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/product\/details\?id=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: names[1] })).toBeVisible();
}

test("search 烏龍 through the suggestion box (desktop)", async ({ page }) => {
  await page.goto("/");
  await searchOolong(page);
});

test("search 烏龍 through the suggestion box (phone)", async ({ browser }) => {
  const { context, page } = await phonePage(browser);
  await page.goto("/");
  await searchOolong(page);
  await context.close();
});

test("Enter without a suggestion opens the results page", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "搜尋商品" });
  await box.fill("鳳梨酥");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/product\?keyword=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("鳳梨酥");
  await expect(page.getByText("共 4 項商品")).toBeVisible();
});

test("an unknown product is a 404 page with a way home", async ({ page }) => {
  const res = await page.goto("/product/details?id=999999");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "找不到此頁面" })).toBeVisible();
  await expect(page.getByRole("link", { name: "回到首頁" })).toBeVisible();
});

test("sorting and paging a category", async ({ page }) => {
  await page.goto("/product?parent_categry_id=1");
  await page.getByLabel("排序").selectOption("price_desc");
  await expect(page).toHaveURL(/sort=price_desc/);
  // The address changes before the new page of cards is drawn: wait for the list itself.
  const prices = async () =>
    (await page.locator("main li .text-red-700").allInnerTexts()).map((p) => Number(p.replace(/[^\d]/g, "")));
  await expect
    .poll(async () => {
      const values = await prices();
      return values.length > 1 && values.every((v, i) => i === 0 || (values[i - 1] ?? 0) >= v);
    })
    .toBe(true);
});

test("the contact form sends a message", async ({ page }) => {
  await page.goto("/contactus");
  await page.getByLabel("姓名").fill("林小姐");
  await page.getByLabel("手機號碼").fill("0922333444");
  await page.getByLabel("電子郵件").fill("lin@example.com");
  await page.getByLabel("主旨").fill("禮盒詢問");
  await page.getByLabel("內容").fill("請問春節禮盒可以指定到貨日嗎？");
  await page.getByRole("button", { name: "送出" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已收到您的訊息" })).toBeVisible();
});

test("a visitor's 加入收藏 asks to sign in; a member's adds the product to 我的收藏 and takes it out again", async ({
  page,
  request,
}) => {
  await page.goto("/product/details?id=2");
  // The button's code loads after the page (it is not part of the first paint): a press before it
  // has arrived does nothing yet, so press until it answers.
  await expect(async () => {
    await page.getByRole("button", { name: "加入收藏" }).click();
    await expect(page).toHaveURL(/\/login\?next=/, { timeout: 1_000 });
  }).toPass();
  const login = await request.post("/api/auth/login", { data: { account: "0933444555", password: "demo1234" } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await page.evaluate((t) => localStorage.setItem("token", t), token);
  await page.goto("/product/details?id=2");
  await page.waitForLoadState("networkidle");
  const button = page.getByRole("button", { name: /加入收藏|已收藏/ });
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).toHaveText("已收藏");
  const name = ((await (await request.get("/api/product/get?id=2")).json()) as { data: { name: string } }).data.name;
  await page.goto("/member/favorite");
  await expect(page.getByRole("main").getByText(name).first()).toBeVisible();
  await page.goto("/product/details?id=2");
  await page.waitForLoadState("networkidle");
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "false");
});
