import { expect, type Page, test } from "@playwright/test";
import { registerMember, shot } from "./flows";
import { captchaFor, newPhone, PHONE_UA } from "./helpers";

/**
 * The LINE app's entry pages. In 測試模式 the page runs the real @line/liff SDK with
 * @line/liff-mock, which hands out an ID token signed by the local LINE simulator; the server
 * verifies it exactly as it would LINE's.
 */
test.use({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A LINE user id unique to this attempt (CI retries a failed test on the same database). */
const lineUser = (tag: string) => `liff-${tag}-${Date.now().toString(36)}`;

async function openAsLineUser(page: Page, path: string, subject?: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "LINE 登入（測試模式）" })).toBeVisible();
  if (subject) await page.getByLabel("測試帳號 ID").fill(subject);
  await page.getByRole("button", { name: "以此 LINE 帳號繼續" }).click();
}
const isLiff = (page: Page) => page.evaluate(() => localStorage.getItem("isLiff"));
const token = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

test("an unknown LINE user binds an existing member and lands on the product; each entry then signs straight in", async ({
  page,
  request,
}) => {
  const member = await registerMember(request, "LIFF 會員");
  const subject = lineUser("bind");
  await page.goto("/liff/liff_login_2?id=2");
  await shot(page, "liff-simulator");
  await openAsLineUser(page, "/liff/liff_login_2?id=2", subject);
  await expect(page).toHaveURL(/\/threeway\/bind$/);
  await page.getByLabel("手機號碼或電子郵件").fill(member.phone);
  await page.getByLabel("密碼", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "登入並綁定" }).click();
  await expect(page.getByRole("status").filter({ hasText: "綁定成功" })).toBeVisible();
  await expect(page).toHaveURL(/\/product\/details\?id=2$/);
  expect(await isLiff(page)).toBe("1");

  const entries: Array<[entry: string, url: RegExp, heading: string | null]> = [
    ["liff_login_3", /\/member\/buy_list$/, "訂單紀錄"],
    ["liff_login_4", /\/member\/point$/, "我的點數"],
    ["liff_login_5", /\/member\/share$/, "分享商品"],
    ["Liff_AccountOverviewView", /\/member\/account_overview$/, "帳戶資料"],
    ["liff_login_1", /127\.0\.0\.1:\d+\/$/, null],
  ];
  for (const [entry, url, heading] of entries) {
    // A new visit from the LINE app: no shop session yet, only the LINE account (remembered by the simulator).
    await page.evaluate(() => {
      localStorage.removeItem("token");
      localStorage.setItem("isLiff", "0");
    });
    await openAsLineUser(page, `/liff/${entry}`);
    await expect(page).toHaveURL(url);
    if (heading) await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    expect(await token(page)).toBeTruthy();
    expect(await isLiff(page)).toBe("1");
  }
});

test("in a sub-mall, an unknown LINE user registers and keeps the shop and the referrer's code", async ({ page, request }) => {
  const login = await request.post("/api/auth/login", { data: { account: "0911222333", password: "demo1234" } });
  const referrer = (await login.json()) as { data: { token: string; user: { refcode: string } } };
  const phone = newPhone();

  await openAsLineUser(page, `/shop_2/liff/liff_login_5?refcode=${referrer.data.user.refcode}`, lineUser("reg"));
  await expect(page).toHaveURL(/\/shop_2\/threeway\/bind$/);
  await page.getByLabel("手機號碼", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "取得驗證碼" }).click();
  await expect(page.getByRole("status").filter({ hasText: "驗證碼已發送" })).toBeVisible();
  await page.getByLabel("簡訊驗證碼").fill(await captchaFor(request, phone));
  await page.getByLabel("姓名").fill("LINE 新會員");
  await shot(page, "liff-register");
  await page.getByRole("button", { name: "註冊並綁定" }).click();
  await expect(page.getByRole("status").filter({ hasText: "成功" })).toBeVisible();
  await expect(page).toHaveURL(/\/shop_2\/member\/share$/);
  expect(await isLiff(page)).toBe("1");

  const me = await request.get("/api/user/get", { headers: { authorization: `Bearer ${await token(page)}` } });
  expect(((await me.json()) as { data: { shop_id: number; phone: string } }).data).toMatchObject({ shop_id: 2, phone });
  const downline = await request.post("/api/user/ref/first", {
    headers: { authorization: `Bearer ${referrer.data.token}` },
    data: {},
  });
  const masked = `${phone.slice(0, 4)}***${phone.slice(-3)}`;
  expect(((await downline.json()) as { data: Array<{ phone: string }> }).data.map((r) => r.phone)).toContain(masked);
});
