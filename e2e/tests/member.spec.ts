import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  fillBankModal,
  fillHomeAddress,
  fillReceiver,
  openCheckout,
  orderNoOf,
  payByCard,
  registerMember,
  saveAddress,
  shot,
  signIn,
  withoutWithdrawalHold,
} from "./flows";
import { PHONE_UA } from "./helpers";

/** Gift boxes: NT$1,000+ each and 6% points, so a few make a qualifying month and a scratch card. */
const GIFT_BOXES = [53, 60, 59, 57, 55, 54];

async function call<T>(request: APIRequestContext, token: string, path: string, data?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${token}` };
  const res = data === undefined ? await request.get(path, { headers }) : await request.post(path, { data, headers });
  const body = (await res.json()) as { status: boolean; message: string; data: T };
  if (!body.status) throw new Error(`${path}: ${body.message}`);
  return body.data;
}

/** Puts `qty` of the first gift box that has that many in stock into the member's cart; returns its name. */
async function giftsInCart(request: APIRequestContext, token: string, qty: number): Promise<string> {
  for (const id of GIFT_BOXES) {
    const product = await call<{ name: string; variants: Array<{ id: number }> }>(request, token, `/api/product/get?id=${id}`);
    const variant = product.variants[0];
    if (!variant) continue;
    const res = await request.post("/api/cart/store", {
      data: { variant_id: variant.id, qty },
      headers: { authorization: `Bearer ${token}` },
    });
    if (((await res.json()) as { status: boolean }).status) return product.name;
  }
  throw new Error(`no gift box with ${qty} in stock`);
}

/** The upline's own month: NT$3,000+ bought and completed (the shop's steps through the test-mode route). */
async function qualify(request: APIRequestContext, upline: { token: string; phone: string }) {
  await giftsInCart(request, upline.token, 4);
  const cart = await call<{ lines: Array<{ line_id: number }> }>(request, upline.token, "/api/cart/search", {});
  const order = await call<{ order_no: string }>(request, upline.token, "/api/order/store", {
    line_ids: cart.lines.map((l) => l.line_id),
    ship_method: "hct",
    payment_method: "transfer",
    receiver: { name: "林上線", phone: upline.phone },
    address: { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 122 號" },
    invoice: { type: "member" },
    shop_id: 1,
  });
  await call(request, upline.token, "/api/test/orders/fulfil", { order_no: order.order_no, complete: true });
  const month = await call<{ qualified: boolean }>(request, upline.token, "/api/user/verifyMonthMember");
  expect(month.qualified).toBe(true);
}

const useToken = async (page: Page, token: string) => {
  await page.evaluate((t) => localStorage.setItem("token", t), token);
};

/**
 * Issue 5's member journey: buy → the order completes → points on /member/point and team points
 * on the upline's; exchange points to wallet; withdraw (the bank modal first, the branch name
 * filled from its code); scratch a card; goods into the cloud depot and a pick-up.
 */
async function memberJourney(page: Page, tag: "desktop" | "mobile") {
  test.setTimeout(150_000);
  const request = page.request;
  const upline = await registerMember(request, "林上線");
  const member = await registerMember(request, "黃小茶", upline.refcode);
  await qualify(request, upline);

  // The member buys by bank transfer; the shop confirms, ships and the order completes.
  await signIn(page, member.phone, member.password);
  await giftsInCart(request, member.token, 5);
  await openCheckout(page);
  await page.getByLabel("新竹物流宅配").check();
  await fillReceiver(page, member.phone);
  await fillHomeAddress(page);
  await page.getByLabel("ATM／銀行轉帳").check();
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page.getByTestId("finish-title")).toHaveText("訂單已成立，請於期限內完成匯款");
  const orderNo = await orderNoOf(page);
  await call(request, member.token, "/api/test/orders/fulfil", { order_no: orderNo, complete: true });

  await page.goto("/member/point");
  await expect(page.getByTestId("ledger")).toContainText(`訂單 ${orderNo} 完成回饋`);
  const points = Number(await page.getByTestId("points-balance").textContent());
  expect(points).toBeGreaterThanOrEqual(200);
  await shot(page, `journey-points-${tag}`);

  // The qualified upline sees the team points on their own page.
  await useToken(page, upline.token);
  await page.goto("/member/point");
  await expect(page.getByTestId("ledger")).toContainText(`團隊點數（第 1 代）訂單 ${orderNo}`);
  await shot(page, `journey-upline-points-${tag}`);
  await useToken(page, member.token);

  // Points into wallet money.
  await page.goto("/member/point");
  await page.getByLabel(/兌換錢包/).fill("200");
  await page.getByRole("button", { name: "兌換 NT$100" }).click();
  await expect(page.getByRole("status").filter({ hasText: "兌換完成：點數兌換錢包 NT$100" })).toBeVisible();
  await expect(page.getByTestId("points-balance")).toHaveText(String(points - 200));

  // A withdrawal asks for the payout account first; the branch name comes from its code.
  await page.goto("/member/wallet");
  await expect(page.getByTestId("wallet-balance")).toHaveText("NT$100");
  await page.getByLabel("提領金額").fill("100");
  await page.getByRole("button", { name: "申請提領" }).click();
  await expect(page.getByRole("dialog").getByText("請先設定收款銀行帳號")).toBeVisible();
  await page.getByRole("button", { name: "確認", exact: true }).click();
  const modal = await fillBankModal(page, request, member.phone, {
    holder: "黃小茶",
    bank: "822",
    branch: "0015",
    branchName: "中國信託商業銀行 敦北分行",
    account: "123456789012",
  });
  await shot(page, `journey-bank-modal-${tag}`);
  await modal.getByRole("button", { name: "送出" }).click();
  await expect(page.getByRole("status").filter({ hasText: "收款帳號已儲存" })).toBeVisible();
  await page.goto("/member/wallet");
  await page.getByLabel("提領金額").fill("100");
  await page.getByRole("button", { name: "申請提領" }).click();
  // A new account waits 72 hours before money leaves (decision 77).
  await expect(page.getByRole("dialog").getByText(/為保護您的資金，.* 後才能申請提領/)).toBeVisible();
  await page.getByRole("button", { name: "確認", exact: true }).click();
  await withoutWithdrawalHold(request, async () => {
    await page.getByRole("button", { name: "申請提領" }).click();
    await expect(page.getByRole("status").filter({ hasText: "已送出提領申請，實際入帳 NT$85" })).toBeVisible();
  });
  await expect(page.getByTestId("withdrawals")).toContainText("處理中");
  await expect(page.getByTestId("wallet-balance")).toHaveText("NT$0");

  // The completed NT$1,000+ order earned a scratch card.
  await page.goto("/member/my_ticket");
  await expect(page.getByText("尚有 1 張未刮開")).toBeVisible();
  const card = page.getByRole("listitem", { name: /^刮刮卡/ }).filter({ hasText: `訂單 ${orderNo}` });
  await card.getByRole("button", { name: "刮開" }).click();
  await expect(card.getByText(/恭喜獲得|銘謝惠顧/)).toBeVisible();
  await expect(card.getByText("已刮開")).toBeVisible();
  await expect(page.getByText("尚有 0 張未刮開")).toBeVisible();
  await shot(page, `journey-ticket-${tag}`);

  // Goods bought into the cloud depot (paid by card), then picked up to a saved address.
  const gift = await giftsInCart(request, member.token, 2);
  await openCheckout(page);
  await page.getByLabel("雲端庫存（暫不出貨）").check();
  await fillReceiver(page, member.phone);
  await payByCard(page, "4242424242424242");
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page.getByText("商品已存入您的雲端庫存。")).toBeVisible();
  await saveAddress(page, "黃小茶", member.phone);
  await page.goto("/member/i_depot");
  await expect(page.getByTestId("depot-stock")).toContainText(gift);
  await page.getByLabel(`${gift} 提貨數量`).selectOption("2");
  await page.getByLabel("收件地址（新竹物流宅配）").selectOption({ index: 1 });
  await page.getByRole("button", { name: "申請提貨" }).click();
  await expect(page.getByRole("status").filter({ hasText: /已送出提貨申請/ })).toBeVisible();
  await expect(page.getByTestId("takeouts")).toContainText("待出貨");
  await shot(page, `journey-depot-${tag}`);
}

test("a member's journey on a computer: buy, points and team points, exchange, withdraw, scratch, depot pick-up", async ({
  page,
}) => {
  await memberJourney(page, "desktop");
});

test.describe("on a phone", () => {
  test.use({ userAgent: PHONE_UA, viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  test("the same member journey", async ({ page }) => {
    await memberJourney(page, "mobile");
  });
});

test("a member chooses how order updates reach them (通知方式); LINE waits for a binding", async ({ page, request }) => {
  const member = await registerMember(request, "通知會員");
  await signIn(page, member.phone, member.password);
  await page.goto("/member/notice");
  const channels = page.getByTestId("notify-channels");
  await expect(channels.getByLabel("LINE 訊息")).toBeDisabled();
  await expect(channels.getByRole("link", { name: "前往綁定" })).toBeVisible();
  await expect(channels.getByLabel("電子郵件")).toBeChecked();
  // The box follows the server's answer, so click and wait for it.
  await channels.getByLabel("電子郵件").click();
  await expect(channels.getByRole("status")).toHaveText("已更新通知方式");
  await expect(channels.getByLabel("電子郵件")).not.toBeChecked();
  await page.reload();
  await expect(page.getByTestId("notify-channels").getByLabel("電子郵件")).not.toBeChecked();
  await shot(page, "member-notify-channels-desktop");
});
