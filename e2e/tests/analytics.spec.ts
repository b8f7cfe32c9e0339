import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { fillHomeAddress, fillReceiver, orderNoOf } from "./flows";

/**
 * A shop's own GA4 and Meta Pixel (issue 21, decision 45): set in the back office, loaded from the
 * shop's loader under the page's CSP (no unsafe-inline), each storefront event sent once — a
 * purchase not again when the finish page is reloaded. Google's and Meta's scripts are stood in
 * for by empty files (this machine has no network); what the shop hands them is read back.
 */
/** Sets shop 2's ids, writing the rest of the shop back as it is (other specs read its intro and banner). */
async function setIds(request: APIRequestContext, ga4: string, pixel: string) {
  const login = await request.post("/api/admin/auth/login", { data: { username: "owner", password: "owner12345" } });
  const headers = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const shop = ((await (await request.get("/api/admin/shops/2", { headers })).json()) as { data: Record<string, unknown> }).data;
  const keep = ["name", "intro", "logo", "banner", "commission_percent", "status", "owner_member_id"];
  const data = { ...Object.fromEntries(keep.map((k) => [k, shop[k]])), ga4_measurement_id: ga4, meta_pixel_id: pixel };
  const r = await request.put("/api/admin/shops/2", { headers, data });
  expect(r.status(), JSON.stringify(await r.json())).toBe(200);
}
const cspOf = async (request: APIRequestContext, path: string) =>
  (await request.get(path)).headers()["content-security-policy"] ?? "";

/** GA4 events the page pushed, kept across reloads of the tab. */
const gaEvents = (page: Page) =>
  page.evaluate(
    () => JSON.parse(sessionStorage.getItem("ga-events") ?? "[]") as Array<{ name: string; params: Record<string, unknown> }>,
  );

test("GA4 and Meta Pixel receive view_item, add_to_cart, begin_checkout and one purchase per order", async ({
  page,
  request,
}) => {
  test.slow();
  // Google's and Meta's hosts are allowed only on the pages of a shop with ids.
  expect(await cspOf(request, "/shop_2/")).not.toContain("googletagmanager");
  await setIds(request, "G-E2ETEST123", "123456789012345");
  try {
    expect(await cspOf(request, "/shop_2/")).toContain("https://www.googletagmanager.com");
    expect(await cspOf(request, "/")).not.toContain("googletagmanager");
    const csp: string[] = [];
    page.on("console", (m) => {
      if (m.text().includes("Content Security Policy")) csp.push(m.text());
    });
    await page.route("https://www.googletagmanager.com/**", (r) => r.fulfill({ contentType: "text/javascript", body: "" }));
    await page.route("https://connect.facebook.net/**", (r) => r.fulfill({ contentType: "text/javascript", body: "" }));
    await page.addInitScript(() => {
      const log: unknown[] = [];
      const remember = (name: unknown, params: unknown) => {
        const kept = JSON.parse(sessionStorage.getItem("ga-events") ?? "[]") as unknown[];
        kept.push({ name, params });
        sessionStorage.setItem("ga-events", JSON.stringify(kept));
      };
      const push = log.push.bind(log);
      log.push = (...entries: unknown[]) => {
        for (const e of entries) {
          const args = e as ArrayLike<unknown>;
          if (args[0] === "event") remember(args[1], args[2]);
        }
        return push(...entries);
      };
      (window as unknown as { dataLayer: unknown[] }).dataLayer = log;
    });

    const login = await request.post("/api/auth/login", { data: { account: "0911222333", password: "demo1234" } });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    await page.goto("/shop_2/");
    await page.evaluate((t) => localStorage.setItem("token", t), token);
    await page.goto("/shop_2/product/details?id=1");
    await expect.poll(async () => (await gaEvents(page)).map((e) => e.name)).toContain("view_item");
    expect(await page.evaluate(() => (window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue.map((c) => c[1]))).toEqual([
      "123456789012345",
      "PageView",
      "ViewContent",
    ]);

    await page.getByRole("button", { name: "加入購物車" }).first().click();
    await expect.poll(async () => (await gaEvents(page)).map((e) => e.name)).toContain("add_to_cart");
    await page.goto("/shop_2/select_cart");
    await page.getByRole("link", { name: "前往結帳" }).click();
    await expect.poll(async () => (await gaEvents(page)).map((e) => e.name)).toContain("begin_checkout");
    await page.getByLabel(/阿里山茶行 專人配送/).check();
    await fillReceiver(page, "0911222333");
    await fillHomeAddress(page);
    await page.getByLabel("ATM／銀行轉帳").check();
    await page.getByRole("button", { name: "確認下單" }).click();
    await expect(page).toHaveURL(/\/shop_2\/orderfinish/);
    const orderNo = await orderNoOf(page);
    await expect.poll(async () => (await gaEvents(page)).filter((e) => e.name === "purchase").length).toBe(1);
    const purchase = (await gaEvents(page)).find((e) => e.name === "purchase");
    expect(purchase?.params).toMatchObject({ transaction_id: orderNo, currency: "TWD" });
    expect(Number(purchase?.params.value)).toBeGreaterThan(0);

    // A reload of the finish page sends no second purchase.
    await page.reload();
    await expect(page.getByTestId("order-no")).toHaveText(orderNo);
    await page.waitForLoadState("networkidle");
    expect((await gaEvents(page)).filter((e) => e.name === "purchase")).toHaveLength(1);
    expect(csp).toEqual([]);
  } finally {
    await setIds(request, "", "");
  }
  // Without ids the pages load no analytics at all.
  const html = await (await request.get("/shop_2/")).text();
  expect(html).not.toContain("/analytics/shop-2.js");
});
