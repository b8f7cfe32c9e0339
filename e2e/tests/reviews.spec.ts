import { type APIRequestContext, expect, test } from "@playwright/test";
import { registerMember, shot, staffSignIn } from "./flows";
import { phonePage } from "./helpers";

/**
 * Issue 50 (decision 98): a buyer of a delivered order reviews a line on a phone, with a photo; the
 * review waits for staff, who approve it in the back office; then the product page shows it with
 * its stars, and the product's card shows the stars and count.
 */
const PRODUCT = 3;
const HOME = { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 122 號" };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A 48×48 PNG (solid colour), as a phone's photo would arrive. */
const PHOTO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAQklEQVR4nO3OQQ0AIAwAsXlBHl7QjAuOR5MK6OyzvjL5QEhISKgeCAkJCdUDISEhoXogJCQkVA+EhISE6oGQkNBjFzes/IhRNnDgAAAAAElFTkSuQmCC",
  "base64",
);

async function deliveredOrder(request: APIRequestContext) {
  const staff = (
    (await (
      await request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } })
    ).json()) as {
      data: { token: string };
    }
  ).data.token;
  const member = await registerMember(request, "林評價");
  const product = (await (await request.get(`/api/product/get?id=${PRODUCT}`)).json()) as {
    data: { variants: Array<{ id: number }> };
  };
  const placed = await request.post("/api/order/store/fast", {
    headers: bearer(member.token),
    data: {
      variant_id: product.data.variants[0]?.id,
      qty: 1,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "林評價", phone: member.phone },
      address: HOME,
      invoice: { type: "member" },
    },
  });
  const orderNo = ((await placed.json()) as { data: { order_no: string } }).data.order_no;
  for (const [step, data] of [
    ["confirm_payment", {}],
    ["ship", { tracking_no: "HCT20261128050" }],
    ["deliver", {}],
  ] as const) {
    const r = await request.post(`/api/admin/orders/${orderNo}/${step}`, { headers: bearer(staff), data });
    expect(r.status(), step).toBe(200);
  }
  return { member, orderNo };
}

test("a buyer reviews with a photo on a phone; it shows on the product page once staff approve it", async ({
  browser,
  page,
  request,
}) => {
  const { member, orderNo } = await deliveredOrder(request);
  const words = `冷泡也很香，回購第三次 ${Date.now() % 100_000}`;

  const phone = await phonePage(browser);
  const p = phone.page;
  await p.goto("/");
  await p.evaluate((t) => localStorage.setItem("token", t), member.token);
  await p.goto(`/member/order_detail?order_no=${orderNo}`);
  await p
    .getByRole("link", { name: /^評價 / })
    .first()
    .click();
  await expect(p).toHaveURL(/\/member\/review\?order_no=/);
  await expect(p.getByRole("heading", { name: "商品評價" })).toBeVisible();
  await p.getByText("5 顆星").click({ force: true });
  await p.getByLabel(/評價內容/).fill(words);
  await p.locator('input[type="file"]').setInputFiles({ name: "tea.png", mimeType: "image/png", buffer: PHOTO });
  await expect(p.getByRole("button", { name: "移除照片 1" })).toBeVisible();
  await shot(p, "reviews-form-phone");
  await p.getByRole("button", { name: "送出評價" }).click();
  await expect(p).toHaveURL(/\/member\/order_detail\?order_no=/);

  // Waiting for staff: not on the product page yet.
  await p.goto(`/product/details?id=${PRODUCT}`);
  await expect(p.getByRole("heading", { name: "商品評價" })).toBeVisible();
  await expect(p.getByText(words)).toHaveCount(0);

  // The back office approves it (desktop).
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, "operator", "operator12345");
  await page.goto("/admin/reviews");
  const row = page.getByRole("row").filter({ hasText: words.slice(0, 20) });
  await row.click();
  await expect(page.getByTestId("review-panel")).toContainText(words);
  await shot(page, "reviews-admin-desktop");
  await page.getByTestId("review-panel").getByRole("button", { name: "核准" }).click();
  await expect(page.getByText("評價已核准，將顯示在商品頁")).toBeVisible();

  // Shown on the product page: stars, the masked name, the date, the photo.
  await p.goto(`/product/details?id=${PRODUCT}`);
  const review = p.getByTestId("review").filter({ hasText: words });
  await expect(review).toBeVisible();
  await expect(review).toContainText("林**");
  await expect(review).toContainText("5 顆星");
  await expect(review).toContainText(/\d{4}\/\d{2}\/\d{2}/);
  await expect(review.getByRole("img", { name: "買家照片 1" })).toHaveAttribute("loading", "lazy");
  await expect(p.getByText(/共 \d+ 則評價/)).toBeVisible();
  const ld = await p.locator('script[type="application/ld+json"]').first().textContent();
  expect(ld).toContain('"aggregateRating"');
  expect(ld).toContain(words);
  await p.getByRole("heading", { name: "商品評價" }).scrollIntoViewIfNeeded();
  await shot(p, "reviews-product-phone");

  // The product's card in its category carries the stars and count.
  const detail = (await (await request.get(`/api/product/get?id=${PRODUCT}`)).json()) as {
    data: { breadcrumb: Array<{ id: number }> };
  };
  await p.goto(`/product?parent_categry_id=${detail.data.breadcrumb.at(-1)?.id}`);
  await expect(
    p
      .getByRole("link")
      .filter({ hasText: /★5（\d+ 則評價）/ })
      .first(),
  ).toBeVisible();
  await page.goto(`/product/details?id=${PRODUCT}`);
  await expect(page.getByTestId("review").filter({ hasText: words })).toBeVisible();
  await shot(page, "reviews-product-desktop");
  await phone.context.close();
});
