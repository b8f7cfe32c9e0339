import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { registerMember, shot, staffSignIn } from "./flows";

/**
 * The back office works the first time (issue 47), on a desktop: the dashboard's 已回報匯款 opens
 * the reported transfers, the menu opens lists afresh, inquiries lead to their order and member,
 * every menu item has its own icon and the account button says whose it is.
 */

interface Member {
  phone: string;
  token: string;
}
let buyer: Member;
let reported = "";
let silent = "";

async function transferOrder(request: APIRequestContext, m: Member) {
  const product = (await (await request.get("/api/product/get?id=3")).json()) as { data: { variants: Array<{ id: number }> } };
  const r = await request.post("/api/order/store/fast", {
    headers: { authorization: `Bearer ${m.token}` },
    data: {
      variant_id: product.data.variants[0]?.id,
      qty: 1,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "匯款會員", phone: m.phone },
      address: { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 122 號" },
      invoice: { type: "member" },
    },
  });
  const json = (await r.json()) as { message: string; data: { order_no: string } };
  expect(r.status(), json.message).toBe(200);
  return json.data.order_no;
}

/** The names of the menu's items and the icon each shows (an icon is its SVG path). */
async function menuIcons(page: Page) {
  const items = page.locator(".RaMenu-open a[role='menuitem'], .RaMenu-closed a[role='menuitem']");
  await expect(items.first()).toBeVisible();
  return items.evaluateAll((links) =>
    links.map((a) => ({ name: a.textContent?.trim() ?? "", icon: a.querySelector("svg path")?.getAttribute("d") ?? "" })),
  );
}

test.beforeAll(async ({ request }) => {
  buyer = await registerMember(request, "匯款會員");
  reported = await transferOrder(request, buyer);
  silent = await transferOrder(request, buyer);
  // Someone else's order, so the whole list holds more than the buyer's two.
  await transferOrder(request, await registerMember(request, "另一位會員"));
  const auth = { authorization: `Bearer ${buyer.token}` };
  const detail = (await (await request.post("/api/order/detail", { headers: auth, data: { order_no: reported } })).json()) as {
    data: { payable: number };
  };
  const r = await request.post("/api/order/paymentTransfer", {
    headers: auth,
    data: { order_no: reported, last5: "24680", amount: detail.data.payable, paid_at: "2026-11-20T10:30:00+08:00" },
  });
  expect(r.status()).toBe(200);
});

test("已回報匯款 opens the reported transfers, each marked 已回報 with its digits; the order shows when the buyer paid", async ({
  page,
}) => {
  await staffSignIn(page, "operator", "operator12345");
  await page.getByRole("link", { name: /^已回報匯款/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?.*transfer_reported/);
  const row = page.getByRole("row").filter({ hasText: reported });
  await expect(row.getByTestId("transfer-reported")).toHaveText("已回報 24680");
  await expect(page.getByRole("cell", { name: silent })).toHaveCount(0);
  await shot(page, "office-transfer-reported");
  await page.getByRole("cell", { name: reported }).click();
  await expect(page.getByTestId("transfer-report")).toContainText("末五碼 24680");
  await expect(page.getByTestId("transfer-report")).toContainText("匯款時間 2026/11/20 10:30");
});

test("the 訂單 menu link opens every order after a phone search; each row says which shop it came from", async ({ page }) => {
  await staffSignIn(page, "operator", "operator12345");
  await page.getByRole("menuitem", { name: "訂單", exact: true }).click();
  await page.getByPlaceholder("訂單編號、電話或收件人").fill(buyer.phone);
  await expect(page.getByRole("cell", { name: silent })).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(2);
  // Elsewhere, then back through the menu: the whole list, not the two found by the phone.
  await page.getByRole("menuitem", { name: "商品", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products/);
  await page.getByRole("menuitem", { name: "訂單", exact: true }).click();
  await expect(page.getByPlaceholder("訂單編號、電話或收件人")).toHaveValue("");
  await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(2);
  await expect(page.getByRole("columnheader", { name: "商城" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: reported }).getByRole("cell", { name: "主商城" })).toBeVisible();
  await shot(page, "office-orders-unfiltered");
});

test("an inquiry about an order from a signed-in member links to the order and the member", async ({ page, request }) => {
  const r = await request.post("/api/contactu/email", {
    headers: { authorization: `Bearer ${buyer.token}` },
    data: {
      name: "匯款會員",
      phone: buyer.phone,
      email: "office-e2e@example.com",
      subject: `出貨詢問 ${reported}`,
      message: "請問這筆訂單何時出貨？",
      order_no: reported,
    },
  });
  const json = (await r.json()) as { message: string; data: { id: number } };
  expect(r.status(), json.message).toBe(200);
  await staffSignIn(page, "support", "support12345");
  await page.goto(`/admin/inquiries/${json.data.id}/show`);
  const links = page.getByTestId("inquiry-links");
  await expect(links.getByRole("link", { name: `訂單 ${reported}` })).toBeVisible();
  await shot(page, "office-inquiry-links");
  await links.getByRole("link", { name: /會員資料/ }).click();
  await expect(page).toHaveURL(/\/admin\/members\/\d+\/show/);
  await expect(page.getByText(buyer.phone).first()).toBeVisible();
  await page.goBack();
  await links.getByRole("link", { name: `訂單 ${reported}` }).click();
  await expect(page.getByTestId("admin-order-status")).toContainText(reported);
});

test("every menu item has an icon of its own; the account button names its owner; every file input has a label", async ({
  page,
}) => {
  await staffSignIn(page, "owner", "owner12345");
  const items = await menuIcons(page);
  expect(items.length).toBeGreaterThan(25);
  const shared = items.filter((i) => items.filter((j) => j.icon === i.icon).length > 1);
  expect(shared, "menu items sharing an icon").toEqual([]);
  await expect(page.getByRole("button", { name: "個人資料" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "周店長（owner）的帳號選單" })).toBeVisible();
  await page.getByRole("button", { name: "周店長（owner）的帳號選單" }).click();
  await expect(page.getByRole("menuitem", { name: "登出" })).toBeVisible();
  await page.keyboard.press("Escape");
  await shot(page, "office-menu-icons");
  for (const path of ["/admin/products/create", "/admin/banners/create", "/admin/categories/create", "/admin/home_blocks/1"]) {
    await page.goto(path);
    await expect(page.locator('input[type="file"]').first()).toBeAttached();
    const axe = await new AxeBuilder({ page }).include('input[type="file"]').withRules(["label"]).analyze();
    expect(
      axe.violations.flatMap((v) => v.nodes.map((n) => `${path} ${n.target.join(" ")}`)),
      "file inputs without a label",
    ).toEqual([]);
  }
});
