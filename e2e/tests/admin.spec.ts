import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { registerMember, shot, signIn, staffSignIn, withoutWithdrawalHold } from "./flows";
import { captchaFor } from "./helpers";

/** A 120×80 PNG, enough for the upload path (sharp re-encodes it to WebP on the server). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAHgAAABQCAIAAABd+SbeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAABHklEQVR4nO3UUY0DARTDwPIxgrJfaCXQ316eTiMFgeX49byz5/cQXig/f6Ia0AHdf3obowO6uYaMbg5OOro5jQ7o5hoyujk46ejmNDqgm2vI6ObgpKOb0+iAbq4ho5uDk45uTqMDurmGjG4OTjq6OY0O6OYaMro5OOno5jQ6oJtryOjm4KSjm9PogG6uIaObg5OObk6jA7q5hoxuDk46ujmNDujmGjK6OTjp6OY0OqCba8jo5uCko5vT6IBuriGjm4OTjm5OowO6uYaMbg5OOro5jQ7o5hoyujk46ejmNDqgm2vI6ObgpKOb0+iAbq4ho5uDk45uTqMDurmGjG4OTjq6OY0O6OYaMro5OOno5jQ6oJtryOjm4KSjOdOv+wAcPMh3LVfY2AAAAABJRU5ErkJggg==",
  "base64",
);
const image = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

test.describe.configure({ mode: "serial" });

test("an operator creates a product with two variants and an image, puts it on a banner; a visitor sees both", async ({
  page,
  browser,
}) => {
  // A long journey across two browsers: three times the usual budget on a busy 2-core runner.
  test.slow();
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `後台新品 ${stamp}`;
  await staffSignIn(page, "operator", "operator12345");
  await shot(page, "admin-dashboard");

  await page.goto("/admin/products/create");
  await page.getByLabel("商品名稱").fill(name);
  // A category no other spec counts (storefront and ssr count 台灣好茶).
  await page.getByLabel("分類").fill("禮盒");
  await page.getByRole("option", { name: /節慶禮盒/ }).click();
  await page.locator('input[type="file"]').setInputFiles(image("tea.png"));
  await page.getByLabel("狀態").click();
  await page.getByRole("option", { name: "上架" }).click();
  const variants = page.locator(".ra-input-variants");
  for (const [i, v] of [
    ["75g", "450", "500"],
    ["150g", "820", "900"],
  ].entries()) {
    await variants.getByRole("button", { name: "新增" }).click();
    const row = variants.locator(".RaSimpleFormIterator-line").nth(i);
    await row.getByLabel("料號").fill(`E2E-${stamp}-${i}`);
    await row.getByLabel("規格名稱").fill(v[0] as string);
    await row.getByLabel("售價").fill(v[1] as string);
    await row.getByLabel("原價").fill(v[2] as string);
  }
  await shot(page, "admin-product-create");
  await page.getByRole("button", { name: "儲存" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const productId = Number(/\/products\/(\d+)$/.exec(page.url())?.[1]);

  // Stock in through the stock panel, with its reason.
  await page.getByTestId("stock-panel").getByRole("combobox").first().click();
  await page.getByRole("option", { name: "75g" }).click();
  await page.getByLabel("數量（減少請輸入負數）").fill("20");
  await page.getByLabel("說明").fill("首批進貨");
  await page.getByRole("button", { name: "送出調整" }).click();
  await expect(page.getByTestId("stock-panel")).toContainText(/75g（規格編號 \d+）：20/);

  await page.goto("/admin/banners/create");
  await page.getByLabel("標題").fill(`新品橫幅 ${stamp}`);
  await page.locator('input[type="file"]').first().setInputFiles(image("banner.png"));
  await page.locator('input[type="file"]').nth(1).setInputFiles(image("banner-m.png"));
  await page.getByLabel(/^連結/).fill(`/product/details?id=${productId}`);
  await page.getByRole("button", { name: "儲存" }).click();
  await expect(page).toHaveURL(/\/admin\/banners$/);
  await expect(page.getByText(`新品橫幅 ${stamp}`)).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/");
  const slide = visitor.locator(`a[href="/product/details?id=${productId}"]`, { hasText: `新品橫幅 ${stamp}` });
  await expect(slide).toHaveCount(1);
  await visitor.goto(`/product/details?id=${productId}`);
  await expect(visitor.getByRole("heading", { name })).toBeVisible();
  await expect(visitor.getByRole("radio", { name: /75g/ })).toBeVisible();
  await expect(visitor.getByRole("radio", { name: /150g/ })).toBeVisible();
  await visitor.close();
});

test("an operator confirms a transfer, ships it, marks it delivered, refunds one of two in part and completes it; the buyer sees each", async ({
  page,
  browser,
  request,
}) => {
  // A long journey across two browsers: three times the usual budget on a busy 2-core runner.
  test.slow();
  // A new member, so the points this order earns on completion touch no other spec's figures.
  const buyerAccount = await registerMember(request, "後台測試買家");
  const buyerToken = buyerAccount.token;
  const product = (await (await request.get("/api/product/get?id=3")).json()) as { data: { variants: Array<{ id: number }> } };
  const placed = await request.post("/api/order/store/fast", {
    headers: { authorization: `Bearer ${buyerToken}` },
    data: {
      variant_id: product.data.variants[0]?.id,
      qty: 2,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "王小明", phone: buyerAccount.phone },
      address: { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 122 號" },
      invoice: { type: "member" },
    },
  });
  const orderNo = ((await placed.json()) as { data: { order_no: string } }).data.order_no;
  expect(orderNo).toMatch(/^\d+$/);

  await staffSignIn(page, "operator", "operator12345");
  await page.goto("/admin/orders");
  await page.getByPlaceholder("訂單編號、電話或收件人").fill(orderNo);
  await page.getByRole("cell", { name: orderNo }).click();
  await expect(page.getByTestId("admin-order-status")).toContainText("待付款");
  await page.getByRole("button", { name: "確認收款" }).click();
  await expect(page.getByTestId("admin-order-status")).toContainText("已付款");
  await page.getByLabel("託運單號").fill("HCT20261122001");
  await page.getByRole("button", { name: "出貨", exact: true }).click();
  await expect(page.getByTestId("admin-order-status")).toContainText("已出貨");
  await shot(page, "admin-order");

  const buyer = await browser.newPage();
  await signIn(buyer, buyerAccount.phone, buyerAccount.password);
  await buyer.goto(`/member/order_detail?order_no=${orderNo}`);
  await expect(buyer.getByText("已出貨").first()).toBeVisible();
  await expect(buyer.getByText("HCT20261122001")).toBeVisible();

  await page.getByRole("button", { name: "標記已送達" }).click();
  await expect(page.getByTestId("admin-order-status")).toContainText("已送達");
  await page.getByLabel("取消／退款原因").fill("一盒破損");
  await page.getByLabel(/可退 2/).fill("1");
  await page.getByRole("button", { name: "部分退款" }).click();
  await expect(page.getByText(/部分退款　退款 NT\$[\d,]+/)).toBeVisible();
  await expect(page.getByLabel(/可退 1/)).toBeVisible();
  await page.getByRole("button", { name: "完成訂單" }).click();
  await expect(page.getByTestId("admin-order-status")).toContainText("已完成");
  await shot(page, "admin-order-completed");

  await buyer.reload();
  await expect(buyer.getByTestId("order-status")).toHaveText("已完成");
  await expect(buyer.getByText("部分退款：一盒破損")).toBeVisible();
  await buyer.close();
});

test("a support user is refused a settings change by the server", async ({ page }) => {
  await staffSignIn(page, "support", "support12345");
  await page.goto("/admin/settings");
  const fee = page.getByLabel("提領手續費（NT$）");
  await expect(fee).toBeVisible();
  const before = await fee.inputValue();
  await fee.fill("99");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/admin/settings") && r.request().method() === "PUT");
  await page.getByRole("button", { name: "儲存設定" }).click();
  expect((await answer).status()).toBe(403);
  await expect(page.getByText("您的角色沒有權限執行此操作")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("提領手續費（NT$）")).toHaveValue(before);
});

test("an operator approves a wallet withdrawal and marks it paid; the member sees it paid", async ({ page, request }) => {
  const member = await registerMember(request, "提領測試");
  // Its own account number, so a retry's row never meets the first attempt's.
  const account = `99${Date.now().toString().slice(-10)}`;
  const asMember = { authorization: `Bearer ${member.token}` };
  const me = (await (await request.get("/api/user/get", { headers: asMember })).json()) as { data: { id: number } };
  // Money to withdraw: a staff adjustment (a ledger entry with a reason).
  const staff = await request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } });
  const staffToken = ((await staff.json()) as { data: { token: string } }).data.token;
  const credited = await request.post(`/api/admin/members/${me.data.id}/adjust`, {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { kind: "wallet", delta: 800, reason: "e2e 提領測試" },
  });
  expect(credited.status()).toBe(200);
  await request.post("/api/user/payout/code", { headers: asMember, data: {} });
  await request.post("/api/supmall/updateBank", {
    headers: asMember,
    data: {
      bank_user_name: "陌生人",
      bank_code: "822",
      branch_code: "0015",
      bank_account: account,
      captcha: await captchaFor(request, member.phone),
    },
  });
  let withdrawalId = 0;
  await withoutWithdrawalHold(request, async () => {
    const applied = await request.post("/api/user/wallet/apply", { headers: asMember, data: { amount: 600 } });
    withdrawalId = ((await applied.json()) as { data: { id: number } }).data.id;
  });

  await staffSignIn(page, "operator", "operator12345");
  await page.goto("/admin/withdrawals");
  const row = page.getByRole("row").filter({ hasText: account });
  await expect(row).toContainText("處理中");
  // Another holder's name and a brand-new account: staff are warned before paying (decision 77).
  await expect(row).toContainText("戶名與會員姓名不同");
  await expect(row).toContainText("帳戶 7 天內新設或變更");
  await row.getByRole("button", { name: "核准" }).click();
  await expect(row).toContainText("已核准，待匯款");
  await row.getByLabel("匯款參考編號／退回原因").fill("FXML-E2E-0001");
  await row.getByRole("button", { name: "標記已匯款" }).click();
  await expect(row).toContainText("已匯款");
  await shot(page, "admin-withdrawals");

  const mine = (await (await request.get("/api/user/wallet/withdrawals", { headers: asMember })).json()) as {
    data: { list: Array<{ id: number; status_label: string; note: string }> };
  };
  expect(mine.data.list.find((w) => w.id === withdrawalId)).toMatchObject({ status_label: "已匯款", note: "FXML-E2E-0001" });
});

test("news written in the rich-text editor is cleaned and published on the storefront", async ({ page, browser }) => {
  // A rich-text editor and a second browser: three times the usual budget on a busy 2-core runner.
  test.slow();
  const title = `後台公告 ${Date.now().toString(36)}`;
  await staffSignIn(page, "operator", "operator12345");
  await page.goto("/admin/news/create");
  // The Chinese title and content: the form also has their English (英文標題, 英文內容, decision 109).
  await page.getByLabel(/^標題/).fill(title);
  const editor = page.locator(".ProseMirror").first();
  await editor.click();
  await editor.pressSequentially("年終感恩，全館");
  // The Chinese content's toolbar is the first (the English editor has its own).
  await page.getByRole("button", { name: "粗體" }).first().click();
  await editor.pressSequentially("滿千折百");
  await page.getByLabel("發布時間（晚於現在即為排程）").fill("2026-01-01T09:00");
  await page.getByRole("button", { name: "儲存" }).click();
  await expect(page.getByText("消息已建立").or(page.getByRole("cell", { name: title }))).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/news");
  await visitor.getByText(title).click();
  await expect(visitor.locator("strong", { hasText: "滿千折百" })).toBeVisible();
  await visitor.close();
});

test("an operator rewords a customer message: an unknown field is shown and refused, the preview shows a sample order", async ({
  page,
}) => {
  await staffSignIn(page, "operator", "operator12345");
  await page.goto("/admin/message_templates");
  await page.getByRole("row").filter({ hasText: "訂單取消" }).click();
  await page.getByRole("textbox", { name: "內容" }).fill("{receiver} 您好，訂單 {order_no} 已取消。{reason}");
  await expect(page.getByTestId("template-preview")).toContainText("範本含有不明的代入欄位：{reason}");
  await page.getByRole("button", { name: "儲存" }).click();
  await expect(page.getByText("範本含有不明的代入欄位：{reason}").first()).toBeVisible();
  await page.getByRole("textbox", { name: "內容" }).fill("{receiver} 您好，訂單 {order_no} 已取消。{details}");
  await expect(page.getByTestId("template-preview")).toContainText("王小明 您好，訂單 20261125123456 已取消。");
  await shot(page, "admin-message-template");
  await page.getByRole("button", { name: "儲存" }).click();
  await expect(page.getByRole("row").filter({ hasText: "訂單取消" })).toContainText("已自訂");
  // Back to the default, so other journeys read the usual wording.
  await page.getByRole("row").filter({ hasText: "訂單取消" }).click();
  await page.getByRole("button", { name: "還原預設" }).click();
  await expect(page.getByText("已還原預設範本")).toBeVisible();
  await page.goto("/admin/message_templates");
  await expect(page.getByRole("row").filter({ hasText: "訂單取消" })).toContainText("預設");
});

test("a new operator switches on two-step sign-in from the back office, then signs in with a code; 系統狀態 lists every provider", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const owner = await request.post("/api/admin/auth/login", { data: { username: "owner", password: "owner12345" } });
  const ownerToken = ((await owner.json()) as { data: { token: string } }).data.token;
  const username = `totp_${stamp}`;
  const created = await request.post("/api/admin/staff", {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { username, name: "兩步驟測試", role: "operator", password: "operator-e2e-2026" },
  });
  expect(created.ok()).toBe(true);

  await staffSignIn(page, username, "operator-e2e-2026");
  await page.getByRole("menuitem", { name: "兩步驟驗證" }).click();
  await expect(page.getByText("尚未啟用兩步驟驗證")).toBeVisible();
  await page.getByRole("button", { name: "產生驗證器金鑰" }).click();
  await expect(page.getByRole("img", { name: "兩步驟驗證 QR Code" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  const totp = new TOTP({ secret: Secret.fromBase32(secret.trim()), digits: 6, period: 30 });
  await shot(page, "admin-two-step");
  await page.getByLabel("App 顯示的 6 位數驗證碼").fill(totp.generate());
  await page.getByRole("button", { name: "確認並啟用" }).click();
  await expect(page.getByText("已啟用兩步驟驗證：登入時需輸入")).toBeVisible();

  await page.getByRole("menuitem", { name: "系統狀態" }).click();
  for (const name of ["信用卡（TapPay）", "電子發票（綠界）", "LINE 登入"]) await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText("待處理異常")).toBeVisible();
  await shot(page, "admin-system-status");

  // Signed out, the password alone is not enough any more.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto("/admin/");
  await page.getByLabel("帳號").fill(username);
  await page.getByLabel("密碼").fill("operator-e2e-2026");
  await page.getByRole("button", { name: "登入" }).click();
  const code = page.getByLabel(/驗證碼/);
  await expect(code).toBeVisible();
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "登入" }).click();
  await expect(page.getByText("今日訂單")).toBeVisible();
});

test("a staff member ends another of their sessions; the owner sees their lock, lifts it and signs them out everywhere", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const owner = await request.post("/api/admin/auth/login", { data: { username: "owner", password: "owner12345" } });
  const ownerToken = ((await owner.json()) as { data: { token: string } }).data.token;
  // An account of its own: the demo accounts are shared with every other journey.
  const username = `devices_${stamp}`;
  const password = "operator-e2e-2026";
  const created = await request.post("/api/admin/staff", {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { username, name: "裝置測試", role: "operator", password },
  });
  expect(created.ok()).toBe(true);
  const staffId = ((await created.json()) as { data: { id: number } }).data.id;
  // A second session, signed in elsewhere (this API client).
  const elsewhere = await request.post("/api/admin/auth/login", { data: { username, password } });
  const elsewhereToken = ((await elsewhere.json()) as { data: { token: string } }).data.token;

  await staffSignIn(page, username, password);
  await page.getByRole("menuitem", { name: "登入裝置" }).click();
  const devices = page.getByRole("table", { name: "登入中的裝置" });
  await expect(devices.getByRole("row")).toHaveCount(3);
  await expect(devices.getByRole("row").filter({ hasText: "目前的裝置" })).toContainText("Chrome");
  await shot(page, "admin-my-sessions");
  await devices.getByRole("button", { name: "登出此裝置" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "登出" }).click();
  await expect(page.getByText("已登出該裝置")).toBeVisible();
  await expect(devices.getByRole("row")).toHaveCount(2);
  const me = await request.get("/api/admin/auth/me", { headers: { authorization: `Bearer ${elsewhereToken}` } });
  expect(me.status()).toBe(401);

  // Five wrong passwords from anywhere lock the account; the right one is then refused too.
  for (let i = 0; i < 5; i++) await request.post("/api/admin/auth/login", { data: { username, password: "not-the-password" } });
  const refused = await request.post("/api/admin/auth/login", { data: { username, password } });
  expect(refused.status()).toBe(429);

  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await staffSignIn(ownerPage, "owner", "owner12345");
  await ownerPage.goto("/admin/staff");
  const row = ownerPage.getByRole("row").filter({ hasText: username });
  await expect(row).toContainText("鎖定至");
  await row.click();
  await expect(ownerPage).toHaveURL(new RegExp(`/admin/staff/${staffId}$`));
  // Five wrong passwords and the refused right one.
  await expect(ownerPage.getByText("連續登入失敗 6 次，已鎖定至")).toBeVisible();
  await expect(ownerPage.getByRole("table", { name: "登入中的裝置" }).getByRole("row")).toHaveCount(2);
  await shot(ownerPage, "admin-staff-locked");
  await ownerPage.getByRole("button", { name: "解除鎖定" }).click();
  await expect(ownerPage.getByText("已解除鎖定，該員工可以再次登入")).toBeVisible();
  await expect(ownerPage.getByText(/^未鎖定/)).toBeVisible();
  await ownerPage.getByRole("button", { name: "登出所有裝置" }).click();
  await ownerPage.getByRole("dialog").getByRole("button", { name: "全部登出" }).click();
  await expect(ownerPage.getByText("已登出此員工的所有裝置")).toBeVisible();
  await expect(ownerPage.getByText("目前沒有登入中的裝置。")).toBeVisible();
  await shot(ownerPage, "admin-staff-signed-out");
  await ownerContext.close();

  // The staff member's page finds its session gone at its next call and asks for a sign-in.
  await page.reload();
  await expect(page.getByLabel("帳號")).toBeVisible();
  expect((await request.post("/api/admin/auth/login", { data: { username, password } })).status()).toBe(200);
});
