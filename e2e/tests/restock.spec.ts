import { type APIRequestContext, expect, test } from "@playwright/test";
import { registerMember, signIn } from "./flows";
import { captchaFor, newPhone, PHONE_UA } from "./helpers";

/** 到貨通知: a visitor on a phone and a member on a desktop sign up; each hears once when it is back. */

const PRODUCT = 16; // 桂花包種: its 300g 家庭號 is sold out in the demo shop
const VARIANT = 33;
const PAGE = `/product/details?id=${PRODUCT}&variant=${VARIANT}`;

async function staff(request: APIRequestContext) {
  const login = await request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } });
  return { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
}

async function setStock(request: APIRequestContext, level: number) {
  const headers = await staff(request);
  const product = (await (await request.get(`/api/admin/products/${PRODUCT}`, { headers })).json()) as {
    data: { variants: Array<{ id: number; stock: number }> };
  };
  const now = product.data.variants.find((v) => v.id === VARIANT)?.stock ?? 0;
  if (now === level) return;
  const r = await request.post(`/api/admin/products/${PRODUCT}/stock`, {
    headers,
    data: { variant_id: VARIANT, delta: level - now, reason: level > now ? "restock" : "adjust", note: "e2e 到貨通知" },
  });
  expect(r.status()).toBe(200);
}

test("到貨通知 reaches a visitor by SMS and a member by notice, once each", async ({ browser, page, request }) => {
  await setStock(request, 0);

  // A visitor on a phone leaves a mobile number.
  const phoneContext = await browser.newContext({
    userAgent: PHONE_UA,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const visitor = await phoneContext.newPage();
  await visitor.goto(PAGE);
  const bar = visitor.getByTestId("buy-bar");
  await expect(bar.getByRole("button", { name: "已售完" })).toBeDisabled();
  await bar.getByRole("button", { name: "到貨通知我" }).click();
  const dialog = visitor.getByRole("dialog", { name: "到貨通知" });
  await dialog.getByRole("button", { name: "通知我" }).click();
  await expect(dialog.getByText("請輸入電子郵件或手機號碼")).toBeVisible();
  const phone = newPhone();
  await dialog.getByLabel("電子郵件或手機號碼").fill(phone);
  await dialog.getByRole("button", { name: "通知我" }).click();
  // The number is proven with the code texted to it before it is ever sent a notice (decision 77).
  await expect(dialog.getByText("驗證碼已傳送至您的手機，輸入後即完成登記")).toBeVisible();
  await dialog.getByLabel("簡訊驗證碼").fill(await captchaFor(request, phone));
  await dialog.getByRole("button", { name: "確認" }).click();
  await expect(visitor.getByText("已登記到貨通知，商品到貨時會通知您")).toBeVisible();

  // A member on a desktop signs up with one press.
  const member = await registerMember(request, "到貨通知");
  await signIn(page, member.phone, member.password);
  await page.goto(PAGE);
  await page.getByRole("button", { name: "到貨通知我" }).click();
  await expect(page.getByText("已登記到貨通知，商品到貨時會通知您")).toBeVisible();

  // Back in stock: the sweep (every 2 s here) tells each of them.
  await setStock(request, 4);
  const title = "到貨通知：桂花包種（300g 家庭號）已到貨";
  await expect(async () => {
    const sms = (await (await request.get(`/api/test/sms/last?phone=${phone}`)).json()) as { data: { text: string } | null };
    expect(sms.data?.text ?? "").toContain("桂花包種（300g 家庭號）已到貨");
  }).toPass({ timeout: 20_000 });
  await page.goto("/member/notice");
  await expect(page.getByText(title)).toBeVisible({ timeout: 15_000 });

  // Later sweeps tell nobody again.
  await page.waitForTimeout(5_000);
  const notices = (await (
    await request.post("/api/notification/search", {
      headers: { authorization: `Bearer ${member.token}` },
      data: { page: 1, per_page: 50 },
    })
  ).json()) as { data: { list: Array<{ title: string }> } };
  expect(notices.data.list.filter((n) => n.title === title)).toHaveLength(1);

  // The variant is buyable now, and back to sold out for the next run.
  await visitor.reload();
  await expect(bar.getByRole("button", { name: "加入購物車" })).toBeVisible();
  await setStock(request, 0);
  await phoneContext.close();
});
