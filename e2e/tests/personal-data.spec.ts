import fs from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { registerMember, shot, signIn } from "./flows";
import { captchaFor, phonePage } from "./helpers";

/** Issue 45 (個資法 art. 3, 10, 11; decision 78): a member downloads their data and closes the account. */

async function call<T>(request: APIRequestContext, path: string, opts: { token?: string; data?: unknown } = {}) {
  const headers: Record<string, string> = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
  const res =
    opts.data === undefined ? await request.get(path, { headers }) : await request.post(path, { data: opts.data, headers });
  return (await res.json()) as { status: boolean; message: string; data: T };
}

/** A completed order of the member's (bought by transfer, fulfilled through the test-mode route). */
async function completedOrder(request: APIRequestContext, member: { token: string; phone: string }) {
  const product = await call<{ variants: Array<{ id: number }> }>(request, "/api/product/get?id=2");
  const order = await call<{ order_no: string }>(request, "/api/order/store/fast", {
    token: member.token,
    data: {
      variant_id: product.data.variants[0]?.id,
      qty: 1,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "林資料", phone: member.phone },
      address: { zip: "100", county: "臺北市", district: "中正區", line: "重慶南路一段 122 號" },
      invoice: { type: "member" },
    },
  });
  expect(order.status, order.message).toBe(true);
  const done = await call(request, "/api/test/orders/fulfil", {
    token: member.token,
    data: { order_no: order.data.order_no, complete: true },
  });
  expect(done.status, done.message).toBe(true);
  return order.data.order_no;
}

test("a member downloads their data and closes the account; the shop keeps the order masked; the phone starts fresh", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const request = page.request;
  const member = await registerMember(request, "林資料");
  const startedAt = Date.now();
  const orderNo = await completedOrder(request, member);

  // The member menu (desktop side menu) leads to 個人資料.
  await signIn(page, member.phone, member.password);
  await page.getByRole("navigation", { name: "會員功能" }).getByRole("link", { name: "個人資料", exact: true }).click();
  await expect(page).toHaveURL(/\/member\/privacy$/);
  await expect(page.getByRole("heading", { name: "個人資料", exact: true })).toBeVisible();

  // JSON: everything, the member's own.
  const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "下載 JSON 檔" }).click()]);
  expect(json.suggestedFilename()).toMatch(/^personal-data-\d+-\d{8}\.json$/);
  const data = JSON.parse(fs.readFileSync(await json.path(), "utf8")) as {
    profile: { phone: string; name: string };
    orders: Array<{ order_no: string; receiver_name: string }>;
  };
  expect(data.profile).toMatchObject({ phone: member.phone, name: "林資料" });
  expect(data.orders.map((o) => [o.order_no, o.receiver_name])).toEqual([[orderNo, "林資料"]]);
  await expect(page.getByTestId("last-export")).toContainText("JSON");

  // CSV: one file a spreadsheet opens.
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /下載 CSV 檔/ }).click()]);
  const text = fs.readFileSync(await csv.path(), "utf8");
  expect(text.startsWith("\uFEFF資料類別,項次,欄位,內容")).toBe(true);
  expect(text).toContain(`訂單,1,order_no,${orderNo}`);

  // Closing waits for the order's e-invoice to be issued (the job queue), then asks for the password.
  await expect
    .poll(
      async () =>
        (await call<{ blockers: unknown[] }>(request, "/api/user/personal_data", { token: member.token })).data.blockers,
      {
        timeout: 30_000,
      },
    )
    .toEqual([]);
  await page.reload();
  await shot(page, "personal-data-desktop");
  await page.getByRole("button", { name: "註銷帳號" }).click();
  await expect(page.getByText("請輸入登入密碼以確認註銷")).toBeVisible();
  await page.getByLabel("登入密碼").fill(member.password);
  await page.getByLabel(/我了解帳號註銷後無法復原/).check();
  await page.getByRole("button", { name: "註銷帳號" }).click();
  await expect(page.getByRole("dialog").getByText("確定要註銷帳號嗎？")).toBeVisible();
  await page.getByRole("button", { name: "確認", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "您的帳號已註銷，感謝您曾經的支持" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

  // The token is refused and sign-in finds nobody.
  expect((await request.get("/api/user/get", { headers: { authorization: `Bearer ${member.token}` } })).status()).toBe(401);
  await page.goto("/login");
  await page.getByLabel("手機號碼或電子郵件").fill(member.phone);
  await page.getByLabel("密碼").fill(member.password);
  await page.getByRole("button", { name: "登入", exact: true }).click();
  await expect(page.getByRole("dialog").getByText("帳號或密碼錯誤")).toBeVisible();
  await page.getByRole("button", { name: "確認", exact: true }).click();

  // The shop keeps the order; the staff API shows its personal fields masked.
  const staff = await call<{ token: string }>(request, "/api/admin/auth/login", {
    data: { username: "operator", password: "operator12345" },
  });
  const kept = await call<{
    status: string;
    receiver_name: string;
    receiver_phone: string;
    email: string;
    address: { line: string };
  }>(request, `/api/admin/orders/${orderNo}`, { token: staff.data.token });
  expect(kept.data).toMatchObject({ status: "completed", receiver_name: "○○○", receiver_phone: "", email: "" });
  expect(kept.data.address.line).toBe("○○○");

  // The same phone registers again as a new member with nothing of the old one (once a new code may be sent).
  await page.waitForTimeout(Math.max(0, 61_000 - (Date.now() - startedAt)));
  const sent = await call(request, "/api/register/user/sendCaptcha", { data: { phone: member.phone } });
  expect(sent.status, sent.message).toBe(true);
  const again = await call<{ token: string; user: { name: string } }>(request, "/api/register/user/store", {
    data: { phone: member.phone, captcha: await captchaFor(request, member.phone), password: "newpass123", name: "林新帳" },
  });
  expect(again.status, again.message).toBe(true);
  const fresh = await request.get("/api/user/personal_data/export?format=json", {
    headers: { authorization: `Bearer ${again.data.token}` },
  });
  const copy = (await fresh.json()) as { profile: { name: string }; orders: unknown[]; points_ledger: unknown[] };
  expect(copy.profile.name).toBe("林新帳");
  expect(copy.orders).toEqual([]);
  expect(copy.points_ledger).toEqual([]);
});

test("on a phone the member centre lists 個人資料, and closing says what must happen first", async ({ browser }) => {
  const { context, page } = await phonePage(browser);
  const member = await registerMember(page.request, "林手機");
  await signIn(page, member.phone, member.password);
  await page.getByRole("link", { name: "個人資料", exact: true }).click();
  await expect(page).toHaveURL(/\/member\/privacy$/);
  // An order still waiting for payment stops closing, with what to do.
  const product = await call<{ variants: Array<{ id: number }> }>(page.request, "/api/product/get?id=2");
  const order = await call(page.request, "/api/order/store/fast", {
    token: member.token,
    data: {
      variant_id: product.data.variants[0]?.id,
      qty: 1,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "林手機", phone: member.phone },
      address: { zip: "100", county: "臺北市", district: "中正區", line: "重慶南路一段 122 號" },
      invoice: { type: "member" },
    },
  });
  expect(order.status, order.message).toBe(true);
  await page.reload();
  await expect(page.getByTestId("close-blockers")).toContainText("您有 1 筆訂單尚未完成");
  await expect(page.getByRole("button", { name: "註銷帳號" })).toHaveCount(0);
  await shot(page, "personal-data-mobile");
  await context.close();
});
