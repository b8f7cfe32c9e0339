import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { fillHomeAddress, fillReceiver, orderNoOf, registerMember, shot, signIn, staffSignIn, toCheckout } from "./flows";
import { phonePage } from "./helpers";

/** Coupon codes (decision 92): each refusal in its own words at checkout, a right code paid with, staff making codes. */

const run = Date.now().toString(36).toUpperCase().slice(-5);
const codes = { expired: `OLD-${run}`, usedUp: `ONCE-${run}`, right: `SPRING-${run}` };

async function staffToken(request: APIRequestContext) {
  const r = await request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

async function coupon(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const r = await request.post("/api/admin/coupons", {
    headers: { authorization: `Bearer ${token}` },
    data: { kind: "amount", issue: "shared", ...body },
  });
  expect(r.status(), await r.text()).toBe(200);
}

/** axe's serious and critical findings on the page as it is (the member's checkout, with the code field). */
async function axeFindings(page: Page) {
  await page.addStyleTag({ content: "*,*::before,*::after{transition:none!important;animation:none!important}" });
  const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

test.beforeAll(async ({ request }) => {
  const token = await staffToken(request);
  await coupon(request, token, {
    title: "去年週年慶",
    value: 200,
    code: codes.expired,
    starts_at: "2025-01-01T00:00:00+08:00",
    ends_at: "2025-01-31T23:59:00+08:00",
  });
  await coupon(request, token, { title: "限量一名", value: 300, code: codes.usedUp, total_limit: 1 });
  await coupon(request, token, { title: "春季優惠", value: 100, code: codes.right });
  // Someone else takes the only use of the limited code.
  const other = await registerMember(request, "搶先會員");
  const placed = await request.post("/api/order/store/fast", {
    headers: { authorization: `Bearer ${other.token}` },
    data: {
      variant_id: 2,
      qty: 1,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "搶先會員", phone: other.phone },
      address: { zip: "100", county: "臺北市", district: "中正區", line: "重慶南路一段 122 號" },
      invoice: { type: "member" },
      coupon_code: codes.usedUp,
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
});

test("on a phone a member types a wrong, an expired, a used-up and a right code, and pays with the right one", async ({
  browser,
  request,
}) => {
  const member = await registerMember(request, "輸碼會員");
  const { context, page } = await phonePage(browser);
  await signIn(page, member.phone, member.password);
  await toCheckout(page, 2);
  const field = page.getByLabel("優惠碼");
  const apply = page.getByRole("button", { name: "套用" });

  const tries = [
    ["nope 0000", "查無此優惠碼，請確認後再輸入"],
    [codes.expired.toLowerCase(), "此優惠碼已於 2025/01/31 到期"],
    [codes.usedUp, "此優惠碼已達使用上限"],
  ] as const;
  for (const [code, message] of tries) {
    await field.fill(code);
    await apply.click();
    await expect(page.locator("#coupon-code-error")).toHaveText(message);
    await expect(page.getByText(/（(OLD|ONCE|SPRING)-/)).toHaveCount(0); // no code's discount line
  }
  await shot(page, "checkout-code-refused-phone");
  expect(await axeFindings(page)).toEqual([]);

  await field.fill(codes.right.toLowerCase());
  await apply.click();
  await expect(page.getByText(`已套用優惠碼 ${codes.right}`)).toBeVisible();
  await expect(page.getByText(`春季優惠（${codes.right}）`).first()).toBeVisible();
  await fillReceiver(page, member.phone);
  await page.getByLabel("新竹物流宅配").check();
  await fillHomeAddress(page);
  await page.getByLabel("ATM／銀行轉帳").check();
  await shot(page, "checkout-code-applied-phone");
  expect(await axeFindings(page)).toEqual([]);

  // 移除 takes it off, and it goes back on.
  await page.getByRole("button", { name: "移除" }).click();
  await expect(page.getByText(`春季優惠（${codes.right}）`)).toHaveCount(0);
  await field.fill(codes.right);
  await apply.click();
  await expect(page.getByText(`春季優惠（${codes.right}）`).first()).toBeVisible();

  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page).toHaveURL(/\/orderfinish\?order_no=/);
  const orderNo = await orderNoOf(page);
  await page.goto(`/member/order_detail?order_no=${orderNo}`);
  await expect(page.getByText(`春季優惠（${codes.right}）`)).toBeVisible();
  await context.close();
});

test("on a desktop the applied code shows as a discount line", async ({ page, request }) => {
  const member = await registerMember(request, "桌機會員");
  await signIn(page, member.phone, member.password);
  await toCheckout(page, 2);
  await page.getByLabel("優惠碼").fill(codes.right);
  await page.getByRole("button", { name: "套用" }).click();
  await expect(page.getByText(`春季優惠（${codes.right}）`).first()).toBeVisible();
  await shot(page, "checkout-code-applied-desktop");
});

test("staff create a shared code in the back office, and a batch of single-use codes", async ({ page }) => {
  await staffSignIn(page, "operator", "operator12345");
  await page.goto("/admin/coupons/create");
  await page.getByLabel("名稱").fill("KOL 合作");
  await page.getByLabel("發放方式").click();
  await page.getByRole("option", { name: /共用優惠碼/ }).click();
  await page.getByLabel(/^優惠碼/).fill(`kol-${run}`);
  await page.getByLabel("折扣方式").click();
  await page.getByRole("option", { name: "折抵金額（NT$）" }).click();
  await page.getByLabel(/折抵金額或折扣/).fill("150");
  await page.getByLabel(/總使用次數/).fill("500");
  await page.getByRole("button", { name: "儲存" }).click();
  await expect(page.getByRole("cell", { name: `KOL-${run}` })).toBeVisible();
  await shot(page, "admin-coupon-codes");

  await page.goto("/admin/coupons/create");
  await page.getByLabel("名稱").fill("合作夥伴序號");
  await page.getByLabel("發放方式").click();
  await page.getByRole("option", { name: /單次優惠碼/ }).click();
  await page.getByLabel("折扣方式").click();
  await page.getByRole("option", { name: "折抵金額（NT$）" }).click();
  await page.getByLabel(/折抵金額或折扣/).fill("50");
  await page.getByRole("button", { name: "儲存" }).click();
  await page.getByRole("cell", { name: "合作夥伴序號" }).first().click();
  await page.getByLabel("產生數量").fill("20");
  await page.getByRole("button", { name: "產生優惠碼" }).click();
  await expect(page.getByText("已產生 20 組，已使用 0 組")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "下載 CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^coupon-\d+-codes\.csv$/);
  await shot(page, "admin-coupon-batch");
});
