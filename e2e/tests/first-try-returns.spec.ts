import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { registerMember, shot, staffSignIn } from "./flows";
import { captchaFor, newPhone, phonePage } from "./helpers";

/**
 * Issue 47, returns and completion: every flow works the first time. Buyer and seller screens on a
 * phone, the back office on a 1440×900 desktop.
 */

const SELLER = { phone: "0987654321", password: "seller1234" };
const HOME = { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 122 號" };

async function tokenOf(request: APIRequestContext, account: string, password: string) {
  const r = await request.post("/api/auth/login", { data: { account, password } });
  return ((await r.json()) as { data: { token: string } }).data.token;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function variantOf(request: APIRequestContext, productId: number) {
  const p = (await (await request.get(`/api/product/get?id=${productId}`)).json()) as {
    data: { variants: Array<{ id: number }> };
  };
  const id = p.data.variants[0]?.id;
  if (!id) throw new Error(`product ${productId} has no variant`);
  return id;
}

async function placeOrder(request: APIRequestContext, body: Record<string, unknown>, token?: string) {
  const r = await request.post("/api/order/store/fast", {
    headers: token ? bearer(token) : {},
    data: { qty: 1, payment_method: "transfer", address: HOME, invoice: { type: "member" }, ...body },
  });
  const json = (await r.json()) as { message: string; data: { order_no: string } };
  expect(r.status(), json.message).toBe(200);
  return json.data.order_no;
}

/** Signs the phone page in with a token (the storefront keeps it in localStorage). */
async function withToken(page: Page, prefix: string, token: string) {
  await page.goto(`${prefix}/`);
  await page.evaluate((t) => localStorage.setItem("token", t), token);
}

/** A seller with no payout account is asked for one on each visit (seller.spec covers it); ✕ puts it off. */
async function putOffBankModal(page: Page) {
  const modal = page.getByRole("dialog", { name: "請輸入您的收款銀行帳號" });
  await modal.waitFor({ timeout: 3000 }).then(
    () => modal.getByRole("button", { name: "關閉" }).click(),
    () => undefined,
  );
  await expect(modal).toHaveCount(0);
}

async function seeSuccess(page: Page, message: string | RegExp) {
  // A success is a line that needs no tap (issue 47).
  await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible();
}

test("a seller delivers by hand with no tracking number, and cannot complete the order inside the 鑑賞期 (phone)", async ({
  browser,
  request,
}) => {
  const seller = await tokenOf(request, SELLER.phone, SELLER.password);
  const orderNo = await placeOrder(request, {
    variant_id: await variantOf(request, 1),
    shop_id: 2,
    ship_method: "self",
    receiver: { name: "陳大文", phone: newPhone() },
  });
  const paid = await request.post("/api/seller/updateSellerPayment", { headers: bearer(seller), data: { order_no: orderNo } });
  expect(paid.status()).toBe(200);

  const { context, page } = await phonePage(browser);
  await withToken(page, "/shop_2", seller);
  await page.goto(`/shop_2/member/seller_detail?order_no=${orderNo}`);
  await expect(page.getByTestId("order-status")).toHaveText("已付款");
  await putOffBankModal(page);
  await page.getByLabel("物流業者").fill("專人配送");
  // No tracking number: the seller takes it by hand.
  await page.getByRole("button", { name: "出貨", exact: true }).click();
  await seeSuccess(page, "已出貨");
  await expect(page.getByTestId("order-status")).toHaveText("已出貨");
  await expect(page.getByRole("button", { name: "完成訂單" })).toHaveCount(0);

  await page.getByRole("button", { name: "設為已送達" }).click();
  await seeSuccess(page, "已更新出貨狀態");
  await expect(page.getByTestId("order-status")).toHaveText("已送達");
  const finish = page.getByRole("button", { name: "完成訂單" });
  await expect(finish).toBeDisabled();
  await expect(page.getByText(/鑑賞期內買家仍可退貨，\d{4}\/\d{2}\/\d{2} 起可完成訂單/)).toBeVisible();
  await expect(page.getByText("（訂單完成後存入錢包）")).toBeVisible();
  await shot(page, "returns-seller-delivered-phone");
  // The server refuses it too.
  const early = await request.post("/api/seller/updateFinish", { headers: bearer(seller), data: { order_no: orderNo } });
  expect(early.status()).toBe(409);
  await context.close();
});

async function staffToken(request: APIRequestContext) {
  const r = await request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

/** A new member's main-mall transfer order, paid, shipped and delivered by staff. */
async function deliveredMemberOrder(request: APIRequestContext, staff: string, qty = 2) {
  const member = await registerMember(request, "退貨測試買家");
  const orderNo = await placeOrder(
    request,
    { variant_id: await variantOf(request, 3), qty, ship_method: "hct", receiver: { name: "王小明", phone: member.phone } },
    member.token,
  );
  for (const [step, data] of [
    ["confirm_payment", {}],
    ["ship", { tracking_no: "HCT20261128001" }],
    ["deliver", {}],
  ] as const) {
    const r = await request.post(`/api/admin/orders/${orderNo}/${step}`, { headers: bearer(staff), data });
    expect(r.status(), step).toBe(200);
  }
  return { member, orderNo };
}

test("back office: a return stays in 處理中 through each step; receipt says restock or 瑕疵品; the refund amount is shown and asked (desktop)", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const staff = await staffToken(request);
  const { member, orderNo } = await deliveredMemberOrder(request, staff);
  const variant = await variantOf(request, 3);
  const asked = await request.post("/api/order/return", {
    headers: bearer(member.token),
    data: {
      order_no: orderNo,
      items: [{ variant_id: variant, qty: 1 }],
      reason: "damaged",
      note: "盒子破了",
      refund_account: { bank_user_name: "王小明", bank_code: "004", branch_code: "0037", bank_account: "12345678901234" },
    },
  });
  expect(asked.status()).toBe(200);

  await staffSignIn(page, "operator", "operator12345");
  await page.goto("/admin/returns");
  const row = page.getByRole("row").filter({ hasText: orderNo });
  await expect(row).toContainText("退貨申請中");
  await row.getByRole("button", { name: "核准" }).click();
  // A home delivery comes back by a 黑貓 pick-up by default (decision 91).
  await expect(page.getByText("已核准並建立退貨寄件，已通知買家")).toBeVisible();
  // The row stays, with its new state.
  await expect(row).toContainText("已核准，請寄回商品");
  await row.getByRole("button", { name: "收到，列為瑕疵品" }).click();
  await expect(page.getByText("已確認收到退貨，商品列為瑕疵品")).toBeVisible();
  await expect(row).toContainText("已收到退回商品");
  await expect(row).toContainText("瑕疵品（不回庫存）");
  // Where staff transfer the refund: the account the buyer gave.
  await expect(row).toContainText("004 臺灣銀行 營業部（0037）");
  await expect(row).toContainText("12345678901234");

  const amount = row.getByLabel(/退款金額（可退 NT\$[\d,]+）/);
  const label = (await row.locator("label").filter({ hasText: "可退" }).textContent()) ?? "";
  const refundable = Number(/可退 NT\$([\d,]+)/.exec(label)?.[1]?.replace(/,/g, ""));
  expect(refundable).toBeGreaterThan(100);
  await expect(amount).toHaveValue(String(refundable));
  await amount.fill(String(refundable + 1));
  await expect(row.getByRole("button", { name: /^退款/ })).toBeDisabled();
  await amount.fill(String(refundable - 50));
  await shot(page, "returns-admin-refund-desktop");
  await row.getByRole("button", { name: /^退款 NT\$/ }).click();
  await expect(page.getByText("已退款，商品列為瑕疵品，不回庫存")).toBeVisible();
  // The money went to the buyer's own account, not the wallet.
  const wallet = await request.get("/api/user/wallet/home", { headers: bearer(member.token) });
  expect(((await wallet.json()) as { data: { balance: number } }).data.balance).toBe(0);

  await page.goto(`/admin/returns?filter=${encodeURIComponent(JSON.stringify({ status: "closed" }))}`);
  const closed = page.getByRole("row").filter({ hasText: orderNo });
  await expect(closed).toContainText("已退款");
  await expect(closed).toContainText(`NT$${(refundable - 50).toLocaleString("en-US")}`);
});

test("a guest returns a delivered order after the SMS check, and is told where to send it (phone)", async ({
  browser,
  request,
}) => {
  const staff = await staffToken(request);
  const phone = newPhone();
  const orderNo = await placeOrder(request, {
    variant_id: await variantOf(request, 3),
    qty: 2,
    ship_method: "hct",
    receiver: { name: "陳大文", phone },
  });
  for (const [step, data] of [
    ["confirm_payment", {}],
    ["ship", { tracking_no: "HCT20261128002" }],
    ["deliver", {}],
  ] as const) {
    expect((await request.post(`/api/admin/orders/${orderNo}/${step}`, { headers: bearer(staff), data })).status()).toBe(200);
  }

  const { context, page } = await phonePage(browser);
  await page.goto("/order_search");
  await page.getByLabel("訂單編號").fill(orderNo);
  await page.getByLabel("訂購時填寫的手機號碼").fill(phone);
  await page.getByRole("button", { name: "查詢" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("已送達");
  const panel = page.getByRole("region", { name: /^退貨/ });
  await expect(panel).toContainText("如需申請，請先於上方驗證訂購手機");
  await page.getByRole("button", { name: "傳送簡訊驗證碼" }).click();
  await expect(page.getByLabel("簡訊驗證碼")).toBeVisible();
  await page.getByLabel("簡訊驗證碼").fill(await captchaFor(request, phone));
  await page.getByRole("button", { name: "驗證" }).click();

  await panel.getByRole("button", { name: "申請退貨" }).click();
  await panel.getByLabel(/退貨數量$/).selectOption("1");
  await panel.getByLabel("退貨原因").selectOption("changed_mind");
  // Paid by transfer: the refund goes to the guest's own account, asked here (bank and branch from the reference data).
  const account = panel.getByRole("group", { name: "退款帳戶" });
  await expect(account).toContainText("免手續費");
  await account.getByLabel("戶名").fill("陳大文");
  await account.getByLabel("銀行").selectOption("004");
  await account.getByLabel("分行代碼或名稱搜尋").fill("0037");
  await expect(account.getByTestId("branch-name")).toHaveText("臺灣銀行 營業部");
  await account.getByLabel("帳號").fill("12345678901234");
  await shot(page, "returns-guest-form-phone");
  await panel.getByRole("button", { name: "送出申請" }).click();
  await seeSuccess(page, "已送出退貨申請，客服將盡快與您聯繫");
  await expect(panel).toContainText("退貨申請中");

  const queue = await request.get("/api/admin/returns?status=requested&per_page=50", { headers: bearer(staff) });
  const id = ((await queue.json()) as { data: { items: Array<{ id: number; order_no: string }> } }).data.items.find(
    (r) => r.order_no === orderNo,
  )?.id;
  expect(id).toBeTruthy();
  expect((await request.post(`/api/admin/returns/${id}/approve`, { headers: bearer(staff), data: {} })).status()).toBe(200);
  await page.reload();
  await expect(panel.getByTestId("return-send-back")).toContainText(/請將商品寄回：.+退貨組.+忠孝東路四段 100 號/);
  await shot(page, "returns-guest-send-back-phone");
  await context.close();
});

test("back office order page: 全部退貨退款 shows the refundable amount and asks it, never more (desktop)", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const staff = await staffToken(request);
  const { orderNo } = await deliveredMemberOrder(request, staff, 1);
  await staffSignIn(page, "operator", "operator12345");
  await page.goto(`/admin/orders/${orderNo}/show`);
  await expect(page.getByTestId("admin-order-status")).toContainText("已送達");
  const amount = page.getByLabel(/退款金額（可退 NT\$[\d,]+）/);
  const label = (await page.locator("label").filter({ hasText: "可退 NT$" }).textContent()) ?? "";
  const refundable = Number(/可退 NT\$([\d,]+)/.exec(label)?.[1]?.replace(/,/g, ""));
  await expect(amount).toHaveValue(String(refundable));
  await amount.fill(String(refundable + 1));
  await expect(page.getByRole("button", { name: /^全部退貨退款/ })).toBeDisabled();
  await amount.fill(String(refundable - 100));
  await page.getByLabel("取消／退款原因").fill("整箱破損，扣運費");
  await shot(page, "returns-admin-order-refund-desktop");
  await page.getByRole("button", { name: `全部退貨退款 NT$${(refundable - 100).toLocaleString("en-US")}` }).click();
  await expect(page.getByTestId("admin-order-status")).toContainText("已退款");
});
