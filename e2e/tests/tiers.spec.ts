import { type APIRequestContext, expect, test } from "@playwright/test";
import { registerMember, shot, signIn, staffSignIn } from "./flows";
import { phonePage } from "./helpers";

/**
 * Member tiers (decision 94) on a phone: a new member sees 一般會員 and how far VIP is; after paying
 * enough, sees VIP and VIP's discount at checkout. Staff set the VIP level up through the back-office API.
 */
const PRODUCT = 2;
const VIP = { name: "VIP", rank: 1, threshold: 20_000, discount_percent: 5, points_multiplier: 150, free_shipping_threshold: 0 };

type Json<T> = { status: boolean; message: string; data: T };
const json = async <T>(r: { json(): Promise<unknown> }) => (await r.json()) as Json<T>;

async function staffHeaders(request: APIRequestContext) {
  const login = await request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } });
  return { authorization: `Bearer ${(await json<{ token: string }>(login)).data.token}` };
}

/** Makes sure the VIP level is there and on (a rerun finds it made). */
async function vipLevel(request: APIRequestContext, headers: Record<string, string>, active: boolean) {
  const list = await json<{ items: Array<{ id: number; rank: number }> }>(await request.get("/api/admin/tiers", { headers }));
  const found = list.data.items.find((l) => l.rank === VIP.rank);
  const r = found
    ? await request.put(`/api/admin/tiers/${found.id}`, { headers, data: { ...VIP, active } })
    : await request.post("/api/admin/tiers", { headers, data: { ...VIP, active } });
  expect((await json(r)).message).toMatch(/會員等級已(建立|更新)/);
}

test("a member sees 一般會員 and the way to VIP; paying enough makes them VIP with VIP's discount at checkout", async ({
  browser,
  request,
}) => {
  const headers = await staffHeaders(request);
  await vipLevel(request, headers, true);
  try {
    const member = await registerMember(request, "等級測試");
    const { context, page } = await phonePage(browser);
    await signIn(page, member.phone, member.password);
    await expect(page.getByTestId("member-tier")).toHaveText("一般會員・再消費 NT$20,000 升級 VIP");
    await page.getByTestId("member-tier").click();
    await expect(page).toHaveURL(/\/member\/level$/);
    await expect(page.getByTestId("level-name")).toHaveText("一般會員");
    await expect(page.getByTestId("level-next")).toContainText("前再消費 NT$20,000 即可升級 VIP");
    await expect(page.getByText("全館商品 95 折（優惠後再折 5%）")).toBeVisible();
    await shot(page, "tiers-phone-base");

    // Enough bought and paid (transfer, confirmed by staff) to reach VIP.
    const product = await json<{ variants: Array<{ id: number; price: number }> }>(
      await request.get(`/api/product/get?id=${PRODUCT}`),
    );
    const variant = product.data.variants[0] ?? { id: 0, price: 1 };
    // Half again over the threshold: the demo shop's promotions take their share first.
    const qty = Math.ceil((VIP.threshold * 1.5) / variant.price);
    const stocked = await request.post(`/api/admin/products/${PRODUCT}/stock`, {
      headers,
      data: { variant_id: variant.id, delta: qty, reason: "restock", note: "e2e 會員等級" },
    });
    expect(stocked.status()).toBe(200);
    const order = await json<{ order_no: string }>(
      await request.post("/api/order/store/fast", {
        headers: { authorization: `Bearer ${member.token}` },
        data: {
          variant_id: variant.id,
          qty,
          ship_method: "hct",
          payment_method: "transfer",
          receiver: { name: "等級測試", phone: member.phone },
          address: { zip: "100", county: "臺北市", district: "中正區", line: "重慶南路一段 122 號" },
          invoice: { type: "member" },
        },
      }),
    );
    expect(order.message).toBe("訂單已成立");
    const paid = await request.post(`/api/admin/orders/${order.data.order_no}/confirm_payment`, { headers, data: {} });
    expect((await json(paid)).message).toBe("已確認收款");

    await page.reload();
    await expect(page.getByTestId("level-name")).toHaveText("VIP");
    await expect(page.getByText(/有效至 \d{4}\/\d{2}\/\d{2}/)).toBeVisible();
    await shot(page, "tiers-phone-vip");

    // At checkout the level's 5% comes off after promotions.
    await page.goto(`/product/details?id=${PRODUCT}`);
    await page.getByRole("button", { name: "加入購物車" }).first().click();
    await page.goto("/select_cart");
    await page.getByRole("link", { name: "前往結帳" }).click();
    await expect(page.getByText("會員等級：VIP會員 5% 折扣")).toBeVisible();
    await shot(page, "tiers-phone-checkout");
    await context.close();

    // Staff see the levels and, on the member's page, the level and its history.
    const office = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await staffSignIn(office, "operator", "operator12345");
    await office.goto("/admin/tiers");
    await expect(office.getByLabel("消費累計期間")).toBeVisible();
    await expect(office.getByRole("cell", { name: "VIP", exact: true })).toBeVisible();
    await shot(office, "tiers-admin-levels");
    const me = await json<{ id: number }>(
      await request.get("/api/user/get", { headers: { authorization: `Bearer ${member.token}` } }),
    );
    await office.goto(`/admin/members/${me.data.id}/show`);
    await expect(office.getByTestId("member-tier")).toContainText("會員等級：VIP");
    await expect(office.getByTestId("member-tier")).toContainText("升級：一般會員 → VIP");
    await shot(office, "tiers-admin-member");
    await office.close();
  } finally {
    // Other specs price their orders without tiers.
    await vipLevel(request, headers, false);
  }
});

test("desktop: the level page and the team points on /member/point", async ({ page, request }) => {
  const member = await registerMember(request, "等級桌機");
  await signIn(page, member.phone, member.password);
  await page.goto("/member/level");
  await expect(page.getByTestId("level-name")).toHaveText("一般會員");
  await shot(page, "tiers-desktop-level");
  await page.goto("/member/point");
  await expect(page.getByTestId("team-points")).toContainText("第 1 代");
  await expect(page.getByTestId("team-earned")).toHaveText("0 點");
  await page.goto("/member/refer");
  await expect(page.getByTestId("team-points")).toBeVisible();
  await shot(page, "tiers-desktop-refer");
});
