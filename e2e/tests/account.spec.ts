import { expect, test } from "@playwright/test";
import { registerMember } from "./flows";
import { captchaFor, newPhone } from "./helpers";

test("register → sign in → member overview → sign out", async ({ page, request }) => {
  const phone = newPhone();
  await page.goto("/register");
  await page.getByLabel("手機號碼").fill(phone);
  await page.getByRole("button", { name: "取得驗證碼" }).click();
  // Said in a line that needs no tap (issue 47).
  await expect(page.getByRole("status").filter({ hasText: "驗證碼已發送" })).toBeVisible();
  await expect(page.getByRole("button", { name: /秒後重送/ })).toBeDisabled();

  await page.getByLabel("簡訊驗證碼").fill(await captchaFor(request, phone));
  await page.getByLabel("密碼", { exact: true }).fill("tea-time-2026");
  await page.getByLabel("確認密碼").fill("tea-time-2026");
  await page.getByLabel("姓名").fill("吳小綠");
  const agree = page.getByRole("checkbox", { name: /我已閱讀並同意/ });
  await agree.click();
  await expect(agree).toBeChecked();
  await page.getByRole("button", { name: "註冊", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "註冊成功" })).toBeVisible();
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByTestId("member-overview")).toContainText("吳小綠，您好");

  // Sign out, then sign in again with the new account.
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token).toBeTruthy();
  await page.getByRole("main").getByRole("button", { name: "登出" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  // The server revokes the token too (sent after the trip home).
  await expect
    .poll(async () => {
      const res = await request.get("/api/user/get", { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { message: string }).message;
    })
    .toBe("logout");

  await page.goto("/login");
  await page.getByLabel("手機號碼或電子郵件").fill(phone);
  await page.getByLabel("密碼").fill("tea-time-2026");
  await page.getByRole("button", { name: "登入", exact: true }).click();
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByTestId("member-overview")).toContainText(phone);

  await page.getByRole("main").getByRole("button", { name: "登出" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "登入" }).first()).toBeVisible();
});

test("a wrong password shows the server's message in the 錯誤 dialog", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("手機號碼或電子郵件").fill("0912345678");
  await page.getByLabel("密碼").fill("not-the-password");
  await page.getByRole("button", { name: "登入", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("錯誤");
  await expect(dialog).toContainText("帳號或密碼錯誤");
});

test("form rules show inline before any call", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("手機號碼").fill("12345");
  await page.getByRole("button", { name: "註冊", exact: true }).click();
  await expect(page.getByText("手機號碼格式錯誤，請輸入 09 開頭的 10 位數字")).toBeVisible();
  await expect(page.getByText("請閱讀並同意會員服務條款與隱私權政策")).toBeVisible();
});

test("a member route without a token lands on /login", async ({ page }) => {
  await page.goto("/member/account_overview");
  await expect(page).toHaveURL(/\/login\?next=%2Fmember%2Faccount_overview$/);
  await expect(page.getByRole("heading", { name: "會員登入" })).toBeVisible();
});

test("a signed-in member who opens sign-in goes on: to a path of this site given as next, else to the member page", async ({
  page,
  request,
}) => {
  const member = await registerMember(request, "已登入會員");
  await page.goto("/");
  await page.evaluate((token) => localStorage.setItem("token", token), member.token);
  // Browsers read /\evil.example as //evil.example: not a path of this site, so the member page instead.
  for (const next of ["/\\evil.example", "//evil.example", "https://evil.example/member"]) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await expect(page, next).toHaveURL(/:\d+\/member$/);
  }
  await page.goto(`/login?next=${encodeURIComponent("/member/wallet")}`);
  await expect(page).toHaveURL(/:\d+\/member\/wallet$/);
});

test("a revoked token: the 'logout' answer clears it and goes home", async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("token", "revoked-or-made-up-token");
      sessionStorage.setItem("seeded", "1");
    }
  });
  await page.goto("/member");
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("demo member can change the nickname", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("手機號碼或電子郵件").fill("0933444555");
  await page.getByLabel("密碼").fill("demo1234");
  await page.getByRole("button", { name: "登入", exact: true }).click();
  await expect(page).toHaveURL(/\/member$/);
  await page.getByRole("link", { name: "帳戶資料" }).click();
  await page.getByLabel("暱稱").fill("志豪哥");
  await page.getByRole("button", { name: "儲存暱稱" }).click();
  await expect(page.getByRole("status").filter({ hasText: "暱稱已更新" })).toBeVisible();
  await page.getByRole("link", { name: "會員總覽" }).click();
  await expect(page.getByTestId("member-overview")).toContainText("志豪哥，您好");
});
