import { expect, test } from "@playwright/test";
import { PHONE_UA } from "./helpers";

test("the home page is server-rendered with the demo shop's content", async ({ request }) => {
  const res = await request.get("/");
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain("冬季高山茶 限時 85 折");
  expect(html).toContain("推薦商品");
  expect(html).toContain('data-layout="desktop"');
  expect(res.headers()["content-security-policy"]).toContain("nonce-");
});

test("a phone user-agent gets the mobile layout from the server", async ({ browser, request }) => {
  const html = await (await request.get("/", { headers: { "user-agent": PHONE_UA } })).text();
  expect(html).toContain('data-layout="mobile"');
  expect(html).not.toContain('data-testid="desktop-navbar"');

  const context = await browser.newContext({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByTestId("mobile-tabbar")).toBeVisible();
  await expect(page.getByTestId("mobile-navbar")).toBeVisible();
  await context.close();
});

test("/shop_2/ keeps its prefix across navigation", async ({ page }) => {
  await page.goto("/shop_2/");
  await expect(page.getByRole("link", { name: "阿里山茶行" }).first()).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "會員服務條款" }).click();
  await expect(page).toHaveURL(/\/shop_2\/terms$/);
  await expect(page.getByRole("heading", { name: "會員服務條款" })).toBeVisible();
  await page.getByRole("link", { name: "登入" }).first().click();
  await expect(page).toHaveURL(/\/shop_2\/login$/);
  // The sign-in page has come in (its module loads on the first visit): a click before that was
  // seen to be lost on a busy runner.
  await expect(page.getByRole("heading", { name: "會員登入" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: "還不是會員？立即註冊" }).click();
  await expect(page).toHaveURL(/\/shop_2\/register$/);
  expect(await page.evaluate(() => sessionStorage.getItem("subMallStr"))).toBe("shop_2");
  await page.getByRole("link", { name: "阿里山茶行" }).first().click();
  await expect(page).toHaveURL(/\/shop_2\/?$/);
});

test("a sub-mall that does not exist says so with a 404 and a link to the main mall", async ({ page }) => {
  const response = await page.goto("/shop_999/terms");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "找不到此商城" })).toBeVisible();
  await expect(page).toHaveTitle("找不到此商城｜茶山好物");
  await page.getByRole("link", { name: "前往茶山好物主商城" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
});

test("a member bound to shop 2 who opens the main mall is sent to /shop_2/", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("手機號碼或電子郵件").fill("0911222333");
  await page.getByLabel("密碼").fill("demo1234");
  await page.getByRole("button", { name: "登入", exact: true }).click();
  await expect(page).toHaveURL(/\/member$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/shop_2\/$/);
});

test("the cart side panel opens, and its mask closes it", async ({ page }) => {
  await page.goto("/");
  const panel = page.getByTestId("cart-panel");
  await expect(panel).not.toBeInViewport();
  await page.getByRole("button", { name: "開啟購物車" }).click();
  await expect(panel).toBeInViewport();
  await expect(panel).toContainText("購物車是空的");
  await page.getByTestId("cart-mask").click({ position: { x: 20, y: 300 } });
  await expect(panel).not.toBeInViewport();
});

test("the navbar becomes fixed once scrolled past the news area", async ({ page }) => {
  await page.goto("/");
  const bar = page.getByTestId("desktop-navbar");
  await expect(bar).toHaveAttribute("data-fixed", "false");
  await page.mouse.wheel(0, 600);
  await expect(bar).toHaveAttribute("data-fixed", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toHaveAttribute("data-fixed", "false");
});

test("an unknown address is a 404 that says so", async ({ page }) => {
  const missing = await page.goto("/definitely/not/a/page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "找不到此頁面" })).toBeVisible();
});

test("an invite link straight to the register page fills the referral code", async ({ page }) => {
  await page.goto("/register?refcode=TEAFAN88");
  await expect(page.getByLabel("推薦碼（選填）")).toHaveValue("TEAFAN88");
});

test("a refcode in the URL is kept for the session and fills the register form", async ({ page }) => {
  await page.goto("/?refcode=TEAFAN88");
  await page.getByRole("link", { name: "註冊" }).first().click();
  await expect(page.getByLabel("推薦碼（選填）")).toHaveValue("TEAFAN88");
});

test("every navigation scrolls back to the top", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "隱私權政策" }).click();
  await expect(page).toHaveURL(/\/policy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
