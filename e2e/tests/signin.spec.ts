import { expect, test } from "@playwright/test";
import { registerMember, shot, signIn } from "./flows";
import { PHONE_UA } from "./helpers";

const PHONE = { userAgent: PHONE_UA, viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };

/** The default configuration signs in through the local LINE / Google / Facebook (測試模式). */
test("LINE Login: an unknown LINE account binds an existing member, signs in again directly, and is unbound", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "使用 LINE 登入" }).click();
  // The simulated LINE consent page.
  await expect(page.getByRole("heading", { name: /LINE 登入/ })).toContainText("測試模式");
  await page.getByLabel("測試帳號 ID").fill("line-e2e-downline");
  await page.getByRole("button", { name: "同意並登入" }).click();
  await expect(page).toHaveURL(/\/threeway\/bind$/);
  await expect(page.getByRole("heading", { name: "綁定您的 LINE 帳號" })).toBeVisible();
  await shot(page, "threeway-bind");
  await page.getByLabel("手機號碼或電子郵件").fill("0933444555");
  await page.getByLabel("密碼", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "登入並綁定" }).click();
  await expect(page.getByRole("status").filter({ hasText: "綁定成功" })).toBeVisible();
  await expect(page).toHaveURL(/\/member$/);

  await page.getByRole("main").getByRole("button", { name: "登出" }).click();
  // Signing out ends by going home: a page opened before that would be left for the home page.
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/login");
  await page.getByRole("button", { name: "使用 LINE 登入" }).click();
  await page.getByLabel("測試帳號 ID").fill("line-e2e-downline");
  await page.getByRole("button", { name: "同意並登入" }).click();
  await expect(page).toHaveURL(/\/member$/);

  await page.goto("/member/account_binding");
  await expect(page.getByTestId("binding-line")).toContainText("已綁定");
  await shot(page, "account-binding");
  await page.getByTestId("binding-line").getByRole("button", { name: "解除綁定" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "確認", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "已解除綁定" })).toBeVisible();
  await expect(page.getByTestId("binding-line")).toContainText("未綁定");
});

test("Google: the button signs a bound member in; binding Google from the account page", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("手機號碼或電子郵件").fill("0911222333");
  await page.getByLabel("密碼").fill("demo1234");
  await page.getByRole("button", { name: "登入", exact: true }).click();
  await expect(page).toHaveURL(/\/member$/);
  await page.evaluate(() => localStorage.setItem("simGoogleSub", "google-e2e-shop2"));
  await page.goto("/shop_2/member/account_binding");
  await page.getByRole("button", { name: "使用 Google 帳號登入（測試模式）" }).click();
  await expect(page.getByRole("status").filter({ hasText: "綁定成功" })).toBeVisible();
  await expect(page.getByTestId("binding-google")).toContainText("已綁定");

  await page.getByRole("main").getByRole("link", { name: "會員總覽" }).click();
  await page.getByRole("main").getByRole("button", { name: "登出" }).click();
  await expect(page).toHaveURL(/\/shop_2\/$/);
  await page.goto("/shop_2/login");
  await page.getByRole("button", { name: "使用 Google 帳號登入（測試模式）" }).click();
  await expect(page).toHaveURL(/\/shop_2\/member$/);

  // Unbound, the same Google account is a stranger again: it is offered the bind page.
  await page.goto("/shop_2/member/account_binding");
  await page.getByTestId("binding-google").getByRole("button", { name: "解除綁定" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "確認", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "已解除綁定" })).toBeVisible();
  await expect(page.getByTestId("binding-google")).toContainText("未綁定");
  await page.evaluate(() => localStorage.removeItem("token"));
  await page.goto("/shop_2/login");
  await page.getByRole("button", { name: "使用 Google 帳號登入（測試模式）" }).click();
  await expect(page).toHaveURL(/\/threeway\/bind$/);
  await expect(page.getByRole("heading", { name: "綁定您的 Google 帳號" })).toBeVisible();
});

test("Facebook: bind from the account page, sign in with it, unbind, and it no longer signs in", async ({ page, request }) => {
  const member = await registerMember(request, "臉書會員");
  const facebookUser = `fb-e2e-${Date.now().toString(36)}`;
  await signIn(page, member.phone, member.password);
  await page.goto("/member/account_binding");
  await page.getByTestId("binding-facebook").getByRole("button", { name: "綁定 Facebook" }).click();
  // The simulated Facebook consent page, then back through /threeway/callback.
  await expect(page.getByRole("heading", { name: /Facebook/ })).toContainText("測試模式");
  await page.getByLabel("測試帳號 ID").fill(facebookUser);
  await page.getByRole("button", { name: "同意並登入" }).click();
  await expect(page.getByRole("status").filter({ hasText: "綁定成功" })).toBeVisible();
  await expect(page.getByTestId("binding-facebook")).toContainText("已綁定");

  await page.evaluate(() => localStorage.removeItem("token"));
  await page.goto("/login");
  await page.getByRole("button", { name: "使用 Facebook 登入" }).click();
  await page.getByLabel("測試帳號 ID").fill(facebookUser);
  await page.getByRole("button", { name: "同意並登入" }).click();
  await expect(page).toHaveURL(/\/member$/);
  const me = await page.evaluate(async () => {
    const r = await fetch("/api/user/get", { headers: { authorization: `Bearer ${localStorage.getItem("token")}` } });
    return ((await r.json()) as { data: { phone: string } }).data.phone;
  });
  expect(me).toBe(member.phone);

  await page.goto("/member/account_binding");
  await page.getByTestId("binding-facebook").getByRole("button", { name: "解除綁定" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "確認", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "已解除綁定" })).toBeVisible();
  await page.evaluate(() => localStorage.removeItem("token"));
  await page.goto("/login");
  await page.getByRole("button", { name: "使用 Facebook 登入" }).click();
  await page.getByLabel("測試帳號 ID").fill(facebookUser);
  await page.getByRole("button", { name: "同意並登入" }).click();
  await expect(page).toHaveURL(/\/threeway\/bind$/);
  await expect(page.getByRole("heading", { name: "綁定您的 Facebook 帳號" })).toBeVisible();
});

test("LINE Login from a sub-mall comes back through the one callback address to that sub-mall's bind page", async ({ page }) => {
  await page.goto("/shop_2/login");
  await page.getByRole("button", { name: "使用 LINE 登入" }).click();
  await page.getByLabel("測試帳號 ID").fill(`line-e2e-shop2-${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "同意並登入" }).click();
  await expect(page).toHaveURL(/\/shop_2\/threeway\/bind$/);
  await expect(page.getByRole("heading", { name: "綁定您的 LINE 帳號" })).toBeVisible();
});

for (const phone of [false, true]) {
  test(`a sign-in that stopped working says so and brings the shopper back with the cart kept${phone ? " (phone)" : ""}`, async ({
    browser,
  }) => {
    const { baseURL } = test.info().project.use;
    const { locale, timezoneId } = test.info().project.use;
    const context = await browser.newContext({ baseURL, locale, timezoneId, ...(phone ? PHONE : {}) });
    const page = await context.newPage();
    const member = phone ? "0933444555" : "0912345678";
    await signIn(page, member, "demo1234");
    const product = "/product/details?id=3";
    await page.goto(product);
    await page.getByRole("button", { name: "加入購物車" }).first().click();
    await expect(page.getByTestId("cart-panel")).toBeInViewport();
    const qtyOf = async (token: string) => {
      const cart = await (
        await page.request.post("/api/cart/search", { data: {}, headers: { authorization: `Bearer ${token}` } })
      ).json();
      return (cart.data.lines as Array<{ product_id: number; qty: number }>)
        .filter((l) => l.product_id === 3)
        .reduce((s, l) => s + l.qty, 0);
    };
    const before = await qtyOf((await page.evaluate(() => localStorage.getItem("token"))) ?? "");

    // The sign-in expires (here: the token stops working) while the shopper reads the product; the
    // next call the page makes (here: opening it again) is refused, and the page says why.
    await page.goto(product);
    // The page has finished its own calls (a reload while one navigates was aborted on a busy runner).
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => localStorage.setItem("token", "expired-token"));
    await page.reload();
    await expect(page.getByRole("dialog").getByText("登入已逾時，請重新登入")).toBeVisible();
    await page.getByRole("button", { name: "確認", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fproduct%2Fdetails%3Fid%3D3$/);
    await page.getByLabel("手機號碼或電子郵件").fill(member);
    await page.getByLabel("密碼").fill("demo1234");
    await page.getByRole("button", { name: "登入", exact: true }).click();
    await expect(page).toHaveURL(/\/product\/details\?id=3$/);
    // The cart kept its lines, and adding works again.
    const token = (await page.evaluate(() => localStorage.getItem("token"))) ?? "";
    expect(await qtyOf(token)).toBe(before);
    await page.getByRole("button", { name: "加入購物車" }).first().click();
    await expect(page.getByTestId("cart-panel")).toBeInViewport();
    await expect.poll(() => qtyOf(token)).toBe(before + 1);
    await context.close();
  });
}
