import { expect, type Page, test } from "@playwright/test";
import { fillHomeAddress, fillReceiver, orderNoOf, payByCard, shot, signIn, toCheckout } from "./flows";
import { newPhone, PHONE_UA } from "./helpers";

// Issue 47, "every flow works the first time": the finish page and the order page's money items,
// on a phone.
test.use({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const home = { zip: "100", county: "臺北市", district: "中正區", line: "重慶南路一段 122 號" };

/** The demo member's order through the API (quick order), as the signed-in page's own token places it. */
async function memberOrder(page: Page, extra: Record<string, unknown>, variantId = 20, qty = 2): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const r = await page.request.post("/api/order/store/fast", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      variant_id: variantId,
      qty,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "王小明", phone: "0912345678" },
      address: home,
      invoice: { type: "member" },
      ...extra,
    },
  });
  const body = (await r.json()) as { status: boolean; message: string; data: { order_no: string } };
  expect(body.status, body.message).toBe(true);
  return body.data.order_no;
}

/** Credits the signed-in member with points through a staff adjustment (a ledger entry with a reason). */
async function topUpPoints(page: Page, delta: number) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const me = (await (await page.request.get("/api/user/get", { headers: { authorization: `Bearer ${token}` } })).json()) as {
    data: { id: number };
  };
  const staff = await page.request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } });
  const staffToken = ((await staff.json()) as { data: { token: string } }).data.token;
  const credited = await page.request.post(`/api/admin/members/${me.data.id}/adjust`, {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { kind: "points", delta, reason: "e2e 應付金額" },
  });
  expect(credited.status()).toBe(200);
}

test("an ATM order with a coupon and points: finish and order pages say what is payable, with the deductions", async ({
  page,
}) => {
  await signIn(page, "0912345678", "demo1234");
  // Other specs on this server spend the demo member's points: 500 more, by a staff adjustment.
  await topUpPoints(page, 500);
  // 2 × NT$660 = NT$1,320, less NT$100 (promotion) and NT$100 (coupon), NT$120 delivery: NT$1,240;
  // 500 points take NT$500 off, NT$740 to transfer.
  const no = await memberOrder(page, { coupon_id: 1, points: 500 });
  await page.goto(`/orderfinish?order_no=${no}`);
  const amounts = page.getByTestId("finish-amounts");
  await expect(amounts.getByText("應付金額")).toBeVisible();
  await expect(amounts.getByTestId("payable")).toHaveText("NT$740");
  await expect(amounts.getByText(/優惠券/)).toBeVisible();
  await expect(amounts.getByText("點數折抵（500 點）")).toBeVisible();
  await expect(page.getByText("訂單金額")).toHaveCount(0);
  await expect(page.getByTestId("transfer-amount")).toHaveText("NT$740");
  await expect(page.getByText("匯款金額")).toBeVisible();
  await shot(page, "first-try-finish-transfer");
  await page.getByRole("link", { name: "查看訂單明細" }).click();
  await expect(page.getByTestId("payable")).toHaveText("NT$740");
  await expect(page.getByText("點數折抵（500 點）")).toBeVisible();
  await expect(page.getByTestId("transfer-amount")).toHaveText("NT$740");
});

test("order history: one line of two reads 共 2 件 with the whole name; not 等 2 件", async ({ page }) => {
  await signIn(page, "0912345678", "demo1234");
  await memberOrder(page, {}, 20, 2);
  await page.goto("/member/buy_list");
  const first = page.getByRole("main").getByRole("listitem").first();
  await expect(first).toContainText("魚池阿薩姆紅茶");
  await expect(first).toContainText("共 2 件");
  await expect(first).not.toContainText("等 2 件");
  const name = first.getByTestId("order-first-item");
  // Readable: not cut to one line with an ellipsis.
  expect(await name.evaluate((el) => getComputedStyle(el).textOverflow)).not.toBe("ellipsis");
  await shot(page, "first-try-buy-list");
});

test("the cancel dialog says 保留訂單 or 取消訂單", async ({ page }) => {
  await signIn(page, "0912345678", "demo1234");
  const no = await memberOrder(page, {}, 20, 1);
  await page.goto(`/member/order_detail?order_no=${no}`);
  await page.getByRole("button", { name: "取消訂單" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "保留訂單" })).toBeVisible();
  await dialog.getByRole("button", { name: "保留訂單" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("order-status")).toHaveText("待付款");
  await page.getByRole("button", { name: "取消訂單" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "取消訂單" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("已取消");
});

test("a declined card: pay again by transfer from the finish page, or by card from the order page", async ({ page }) => {
  await toCheckout(page, 10);
  await page.getByLabel("新竹物流宅配").check();
  await fillReceiver(page, newPhone());
  await fillHomeAddress(page);
  await payByCard(page, "4000000000000002");
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page.getByTestId("finish-title")).toHaveText("訂單已成立，尚未完成付款");
  const no = await orderNoOf(page);
  // The finish page offers every way this order may still be paid.
  const repay = page.getByRole("region", { name: "重新付款" });
  await expect(repay.getByLabel("信用卡", { exact: true })).toBeVisible();
  await expect(repay.getByLabel("貨到付款")).toBeVisible();
  await repay.getByLabel("ATM／銀行轉帳").check();
  await shot(page, "first-try-finish-repay");
  await repay.getByRole("button", { name: "改用 ATM／銀行轉帳" }).click();
  await expect(page.getByTestId("finish-title")).toHaveText("訂單已成立，請於期限內完成匯款");
  await expect(page.getByTestId("transfer-account")).toBeVisible();

  // Back to a card from the order page: charged, paid.
  await page.goto(`/order_detail?order_no=${no}`);
  await page.getByText("改用其他付款方式", { exact: true }).first().click();
  const again = page.getByRole("region", { name: "改用其他付款方式" });
  await again.getByLabel("信用卡", { exact: true }).check();
  await again.getByLabel("卡號").fill("4242424242424242");
  await again.getByLabel("有效期限（MM/YY）").fill("12/30");
  await again.getByLabel("安全碼").fill("123");
  await again.getByRole("button", { name: /確認付款/ }).click();
  await expect(page.getByTestId("order-status")).toHaveText("已付款");
  await expect(page.getByText("付款方式").locator("xpath=following-sibling::dd[1]")).toContainText("信用卡");
});

test("the card fields refuse a wrong check digit and a past expiry, as TapPay does", async ({ page }) => {
  await toCheckout(page, 10);
  await page.getByLabel("新竹物流宅配").check();
  await fillReceiver(page, newPhone());
  await fillHomeAddress(page);
  await payByCard(page, "4242424242424241");
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page.getByText("卡號有誤，請再確認")).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByLabel("卡號").fill("4242424242424242");
  await page.getByLabel("有效期限（MM/YY）").fill("01/24");
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page.getByText("信用卡已過期，請確認有效期限")).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  // The simulator refuses them too (a form that skipped the browser's check).
  const r = await page.request.post("/api/payments/simulator/prime", {
    data: { card_number: "4242424242424241", expiry: "12/30", ccv: "123" },
  });
  expect(r.status()).toBe(400);
});

test("the transfer report: empty fields say 請輸入…, and the answer is shown in place", async ({ page }) => {
  await signIn(page, "0912345678", "demo1234");
  const no = await memberOrder(page, {}, 20, 1);
  await page.goto(`/member/order_detail?order_no=${no}`);
  await page.getByRole("button", { name: "回報匯款" }).click();
  await expect(page.getByText("請輸入匯款帳號末五碼")).toBeVisible();
  await expect(page.getByText("請輸入匯款時間")).toBeVisible();
  await expect(page.getByText(/格式錯誤/)).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByLabel("匯款帳號末五碼").fill("12345");
  await page.getByLabel("匯款時間").fill("2026-11-20T10:30");
  await page.getByRole("button", { name: "回報匯款" }).click();
  await expect(page.getByText("已回報匯款，等待商家確認。")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("再買一次 puts the order's lines into the cart and opens it", async ({ page }) => {
  await signIn(page, "0912345678", "demo1234");
  const no = await memberOrder(page, {}, 20, 2);
  await page.goto(`/member/order_detail?order_no=${no}`);
  await page.getByRole("button", { name: "再買一次" }).click();
  await expect(page).toHaveURL(/\/select_cart/);
  await expect(page.getByText("魚池阿薩姆紅茶").first()).toBeVisible();
});
