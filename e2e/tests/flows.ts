import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { captchaFor, newPhone } from "./helpers";

/** Steps several specs share: signing in, checking out, the address book. */

const shots = process.env.SHOTS_DIR;
export async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

export async function signIn(page: Page, phone: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("手機號碼或電子郵件").fill(phone);
  await page.getByLabel("密碼").fill(password);
  await page.getByRole("button", { name: "登入", exact: true }).click();
  // A member lands in their own mall's member area; a seller in their seller area.
  await expect(page).toHaveURL(/\/member(\/seller)?$/);
}

/** Signs a staff account in to the back office and waits for the dashboard. */
export async function staffSignIn(page: Page, username: string, password: string) {
  await page.goto("/admin/");
  await page.getByLabel("帳號").fill(username);
  await page.getByLabel("密碼").fill(password);
  await page.getByRole("button", { name: "登入" }).click();
  await expect(page.getByText("今日訂單")).toBeVisible();
}

/** Registers a member through the API (the register page has its own spec); returns phone and token. */
export async function registerMember(request: APIRequestContext, name: string, refcode?: string) {
  const phone = newPhone();
  await request.post("/api/register/user/sendCaptcha", { data: { phone } });
  const res = await request.post("/api/register/user/store", {
    data: { phone, captcha: await captchaFor(request, phone), password: "pass12345", name, ...(refcode ? { refcode } : {}) },
  });
  const body = (await res.json()) as { status: boolean; message: string; data: { token: string; user: { refcode: string } } };
  if (!body.status) throw new Error(`register: ${body.message}`);
  return { phone, password: "pass12345", token: body.data.token, refcode: body.data.user.refcode };
}

/** Puts a product in the cart from its page and opens the checkout with it. */
export async function toCheckout(page: Page, productId: number) {
  await page.goto(`/product/details?id=${productId}`);
  await page.getByRole("button", { name: "加入購物車" }).click();
  await expect(page.getByTestId("cart-panel")).toBeInViewport();
  await openCheckout(page);
}

/** From the cart page to the checkout with every selected line. */
export async function openCheckout(page: Page) {
  await page.goto("/select_cart");
  await page.getByRole("link", { name: "前往結帳" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("payable")).toBeVisible();
}

export async function fillReceiver(page: Page, phone: string) {
  await page.getByLabel("收件人姓名").fill("陳大文");
  await page.getByLabel("手機號碼").fill(phone);
}

export async function fillHomeAddress(page: Page) {
  await page.getByLabel("縣市").selectOption("臺北市");
  await page.getByLabel("鄉鎮市區").selectOption("中正區");
  await expect(page.getByLabel("郵遞區號")).toHaveValue("100");
  await page.getByLabel("地址", { exact: true }).fill("重慶南路一段 122 號");
}

export async function payByCard(page: Page, number: string) {
  const card = page.getByLabel("信用卡", { exact: true });
  // Centred first: scrolled only "into view", a phone's fixed tab bar can sit over it.
  await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await card.check();
  await page.getByLabel("卡號").fill(number);
  await page.getByLabel("有效期限（MM/YY）").fill("12/30");
  await page.getByLabel("安全碼").fill("123");
}

export const orderNoOf = async (page: Page) => ((await page.getByTestId("order-no").textContent()) ?? "").trim();

/** Saves an address in the member's address book (/member/address). */
export async function saveAddress(page: Page, name: string, phone: string) {
  await page.goto("/member/address");
  await page.getByLabel("收件人姓名").fill(name);
  await page.getByLabel("手機號碼").fill(phone);
  await page.getByLabel("縣市").selectOption("臺北市");
  await page.getByLabel("鄉鎮市區").selectOption("中正區");
  await page.getByLabel("地址", { exact: true }).fill("重慶南路一段 122 號");
  await page.getByRole("button", { name: "儲存地址" }).click();
  await expect(page.getByRole("status").filter({ hasText: "地址已儲存" })).toBeVisible();
}

/** Fills the payout bank modal, with the code texted to the member's phone (decision 77), and sends it. */
export async function fillBankModal(
  page: Page,
  request: APIRequestContext,
  phone: string,
  a: { holder: string; bank: string; branch: string; branchName: string; account: string },
) {
  const modal = page.getByRole("dialog", { name: "請輸入您的收款銀行帳號" });
  await modal.getByLabel("戶名").fill(a.holder);
  await modal.getByLabel("銀行").selectOption(a.bank);
  await modal.getByLabel("分行代碼或名稱搜尋").fill(a.branch);
  await expect(modal.getByTestId("branch-name")).toHaveText(a.branchName);
  await modal.getByLabel("帳號").fill(a.account);
  await modal.getByRole("button", { name: "傳送驗證碼" }).click();
  await expect(modal.getByText("驗證碼已傳送至您的手機")).toBeVisible();
  await modal.getByLabel("簡訊驗證碼").fill(await captchaFor(request, phone));
  return modal;
}

/**
 * A new payout account holds withdrawals for 72 hours (decision 77). A test that withdraws at once
 * has seen the hold refuse it; it lifts the setting for that moment and puts it back.
 */
export async function withoutWithdrawalHold(request: APIRequestContext, run: () => Promise<void>) {
  const login = await request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } });
  const headers = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  await request.put("/api/admin/settings", { headers, data: { withdrawal_hold_hours: 0 } });
  try {
    await run();
  } finally {
    await request.put("/api/admin/settings", { headers, data: { withdrawal_hold_hours: 72 } });
  }
}
