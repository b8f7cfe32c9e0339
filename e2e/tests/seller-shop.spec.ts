import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./flows";
import { PHONE_UA } from "./helpers";

/**
 * A seller runs their own shop (issue 21, decisions 46 and 47): changes to the name go to staff
 * and come back with their answer, the intro applies at once, and the shop's figures (a visit from
 * a LINE link included) show as charts and download as CSV.
 */
const SELLER = { phone: "0987654321", password: "seller1234" };

async function dismissBankModal(page: Page) {
  const modal = page.getByRole("dialog", { name: "請輸入您的收款銀行帳號" });
  // It opens once the seller area has asked the server (this seller has no payout account yet).
  const shown = await modal
    .waitFor({ state: "visible", timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (shown) await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
}
async function seeSuccess(page: Page, text: string) {
  // A success is a line that needs no tap (issue 47).
  await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

test("a seller's name change waits for staff and comes back with their reason; the intro applies at once", async ({
  page,
  request,
}) => {
  await signIn(page, SELLER.phone, SELLER.password);
  await page.goto("/shop_2/member/seller?tab=shop");
  await dismissBankModal(page);
  const name = page.getByLabel("商城名稱");
  await expect(name).toHaveValue("阿里山茶行");
  const intro = page.getByLabel("商城簡介");
  const before = await intro.inputValue();
  await name.fill("阿里山茶行 旗艦店");
  await intro.fill(`${before}（秋冬新茶上市）`);
  await page.getByRole("button", { name: "儲存", exact: true }).click();
  await seeSuccess(page, "簡介已更新；其餘變更已送出審核，核准後生效");
  await expect(page.getByRole("status").filter({ hasText: "審核中" })).toBeVisible();
  await expect(name).toHaveValue("阿里山茶行 旗艦店");
  const shop = await (await request.post("/api/supmall/home", { data: { shop_id: 2 } })).json();
  expect(shop.data.shop).toMatchObject({ name: "阿里山茶行", intro: `${before}（秋冬新茶上市）` });

  // Staff turn it down with a reason; the seller sees it and the live name again.
  const login = await request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } });
  const staff = { authorization: `Bearer ${(await login.json()).data.token}` };
  const pending = await (await request.get("/api/admin/shop_requests?status=pending", { headers: staff })).json();
  const id = pending.data.items[0].id;
  const rejected = await request.post(`/api/admin/shop_requests/${id}/reject`, {
    headers: staff,
    data: { reason: "名稱請與品牌一致" },
  });
  expect(rejected.status()).toBe(200);
  await page.reload();
  await dismissBankModal(page);
  await expect(page.getByRole("status").filter({ hasText: "未核准" })).toContainText("名稱請與品牌一致");
  await expect(name).toHaveValue("阿里山茶行");

  // Put the intro back (the seller spec reads it).
  await intro.fill(before);
  await page.getByRole("button", { name: "儲存", exact: true }).click();
  await seeSuccess(page, "商城設定已儲存");
});

test("a visit from a LINE link shows in the seller's analytics, as a chart and as CSV", async ({ page, browser }) => {
  const { baseURL } = test.info().project.use;
  const visitor = await browser.newContext({ baseURL, userAgent: PHONE_UA, viewport: { width: 390, height: 844 } });
  const friend = await visitor.newPage();
  // Opened from a chat: the browser says it came from another site.
  await friend.goto("/shop_2/?utm_source=line", { referer: "https://line.me/" });
  await expect(friend.locator("main")).toBeVisible();
  await visitor.close();

  await signIn(page, SELLER.phone, SELLER.password);
  await page.goto("/shop_2/member/seller?tab=analytics");
  await dismissBankModal(page);
  const totals = page.getByRole("definition").filter({ hasText: /^\d+$/ });
  await expect(totals.first()).toBeVisible();
  await expect(page.getByRole("img", { name: "造訪來源圖表" })).toContainText("LINE");
  await expect(page.getByRole("img", { name: "每日商品銷售額、訂單數與造訪次數圖表" }).locator("svg").first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "下載 CSV" }).click()]);
  const csv = fs.readFileSync((await download.path()) ?? "", "utf8");
  expect(csv.startsWith("\uFEFF日期,訂單數,商品銷售額,預估分潤,造訪次數")).toBe(true);
  expect(csv).toMatch(/\r\nLINE,\d+\r\n/);

  // The period is in the address: 近 7 天 reads it again; one the wrong way round is refused beside the picker.
  await page.getByRole("button", { name: "近 7 天" }).click();
  await expect(page).toHaveURL(/tab=analytics&from=\d{4}-\d{2}-\d{2}&to=/);
  await expect(page.getByRole("button", { name: "近 7 天" })).toHaveAttribute("aria-pressed", "true");
  await page.goto("/shop_2/member/seller?tab=analytics&from=2026-05-02&to=2026-05-01");
  await expect(page.getByRole("alert")).toContainText("結束日期不可早於開始日期");
  await expect(page.getByRole("button", { name: "查詢" })).toBeVisible();
});
