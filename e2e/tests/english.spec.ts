import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { shot } from "./flows";
import { newPhone, phonePage } from "./helpers";

/**
 * The storefront in English (decision 109): a phone buys from /en/ to the order page and its e-mail,
 * and every English page is walked for text the UI left in Chinese. Shop content (names, news,
 * addresses) is Chinese where staff wrote no English, marked lang="zh-Hant-TW"; anything Chinese
 * outside such an element is an untranslated UI string.
 */

/** Chinese characters and full-width punctuation in the page's text and labels, outside content marked as Chinese. */
async function untranslated(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Han characters, and the punctuation only Chinese text uses (、。「」（），：；！？) — not the
    // full-width separator ｜ or ＋ and －, which are symbols either language shows.
    const chinese = /[\u3001\u3002\u300c-\u300f\u3400-\u9fff\uf900-\ufaff\uff01\uff08\uff09\uff0c\uff1a\uff1b\uff1f]/;
    const inChineseContent = (el: Element | null) => (el?.closest("[lang]")?.getAttribute("lang") ?? "").startsWith("zh");
    const where = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}`;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(parent.tagName)) continue;
      const text = node.textContent?.trim() ?? "";
      if (chinese.test(text) && !inChineseContent(parent)) found.push(`${where(parent)}: ${text.slice(0, 60)}`);
    }
    // A label may name shop content ("Quantity of 梨山高冷烏龍"): the content the page shows as
    // Chinese is taken out of it first, and whatever Chinese is left is the label's own.
    const content = Array.from(document.body.querySelectorAll('[lang^="zh"]'))
      .map((el) => el.textContent?.trim() ?? "")
      .filter((text) => text.length > 1)
      .sort((a, b) => b.length - a.length);
    for (const el of Array.from(document.body.querySelectorAll("[aria-label],[placeholder],[title],[alt]"))) {
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        let value = el.getAttribute(name) ?? "";
        for (const text of content) value = value.split(text).join("");
        if (chinese.test(value) && !inChineseContent(el)) found.push(`${where(el)}[${name}]: ${value.slice(0, 60)}`);
      }
    }
    return found;
  });
}

async function checked(page: Page, path: string, found: string[]) {
  if (path) await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  for (const text of await untranslated(page)) found.push(`${path || new URL(page.url()).pathname}  ${text}`);
}

interface Sent {
  mail: Array<{ to: string; subject: string; text: string }>;
}
async function mailsTo(request: APIRequestContext, to: string) {
  const r = await request.get(`/api/test/messages?q=${encodeURIComponent(to)}`);
  return ((await r.json()) as { data: Sent }).data.mail.filter((m) => m.to.includes(to));
}

test("a phone buys in English from /en/ to the order page and its e-mail, with no Chinese UI on the way", async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await phonePage(browser);
  const found: string[] = [];
  await checked(page, "/en/", found);
  await page.getByTestId("mobile-tabbar").getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/en\/product$/);
  await checked(page, "", found);
  await checked(page, "/en/product/details?id=2", found);
  // The product's English name, as staff wrote it in the back office (the demo's seed).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lishan High Mountain Oolong Tea");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-panel")).toBeInViewport();
  await checked(page, "", found);
  await checked(page, "/en/select_cart", found);
  await page.getByRole("link", { name: "Check out", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/cart$/);
  await expect(page.getByTestId("payable")).toBeVisible();

  await page.getByLabel("HCT home delivery").check();
  await page.getByLabel("Recipient name").fill("Alex Chen");
  const phone = newPhone();
  await page.getByLabel("Mobile number").fill(phone);
  const email = `english.${phone}@example.com`;
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel("City/County").selectOption("臺北市");
  await page.getByLabel("District").selectOption("中正區");
  await expect(page.getByLabel("Postal code")).toHaveValue("100");
  await page.getByLabel("Address", { exact: true }).fill("No. 122, Sec. 1, Chongqing S. Rd.");
  const card = page.getByLabel("Credit card", { exact: true });
  await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await card.check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/30");
  await page.getByLabel("Security code").fill("123");
  await checked(page, "", found);
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/en\/orderfinish/);
  await expect(page.getByTestId("finish-title")).toHaveText("Thank you for your order. Payment is complete");
  const orderNo = ((await page.getByTestId("order-no").textContent()) ?? "").trim();
  expect(orderNo).toMatch(/^\d{14}$/);
  await checked(page, "", found);
  await page.getByRole("link", { name: "View order details" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/order_detail\\?order_no=${orderNo}`));
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await checked(page, "", found);
  expect(found).toEqual([]);

  // The order's e-mail is in English and links to the English pages.
  await expect
    .poll(async () => (await mailsTo(page.request, email)).map((m) => m.subject))
    .toContain(`[茶山好物] Order ${orderNo} placed`);
  const placed = (await mailsTo(page.request, email)).find((m) => m.subject.includes("placed"));
  expect(placed?.text).toContain("Amount to pay: NT$");
  expect(placed?.text).toContain("/en/order_search");
  expect(placed?.text.replaceAll("茶山好物", "")).not.toMatch(/[\u4e00-\u9fff]/);
  await context.close();
});

test("a declined card on the English pages is told in English, and paid again there", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await phonePage(browser);
  const found: string[] = [];
  await page.goto("/en/product/details?id=2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-panel")).toBeInViewport();
  await page.goto("/en/cart");
  await expect(page.getByTestId("payable")).toBeVisible();
  await page.getByLabel("HCT home delivery").check();
  await page.getByLabel("Recipient name").fill("Alex Chen");
  await page.getByLabel("Mobile number").fill(newPhone());
  await page.getByLabel("City/County").selectOption("臺北市");
  await page.getByLabel("District").selectOption("中正區");
  await page.getByLabel("Address", { exact: true }).fill("No. 122, Sec. 1, Chongqing S. Rd.");
  const card = page.getByLabel("Credit card", { exact: true });
  await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await card.check();
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/30");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/en\/orderfinish/);
  const again = page.getByRole("region", { name: "Pay Again" });
  // The server's words for the declined card (payments.message), in English.
  await expect(again).toContainText("The card was not authorised. Please check the card details or pay another way");
  await checked(page, "", found);
  expect(found).toEqual([]);
  await shot(page, "english-declined-card");
  await again.getByLabel("Card number").fill("4242 4242 4242 4242");
  await again.getByLabel("Expiry date (MM/YY)").fill("12/30");
  await again.getByLabel("Security code").fill("123");
  await again.getByRole("button", { name: /^Pay NT\$/ }).click();
  await expect(page.getByTestId("finish-status")).toHaveText("Paid");
  await context.close();
});

const PUBLIC_PAGES = [
  "/en/",
  "/en/product?parent_categry_id=1",
  "/en/product?keyword=%E7%83%8F%E9%BE%8D",
  "/en/product?keyword=%E4%B8%8D%E5%AD%98%E5%9C%A8",
  "/en/product/details?id=1",
  "/en/select_cart",
  "/en/news",
  "/en/activity",
  "/en/contactus",
  "/en/terms",
  "/en/login",
  "/en/register",
  "/en/password",
  "/en/order_search",
  "/en/dealer/list",
  "/shop_2/en/",
  "/shop_2/en/product?parent_categry_id=1",
  // An English page that does not exist stays English once the browser has it.
  "/en/no-such-page",
  "/shop_2/en/no-such-page",
];
const MEMBER_PAGES = [
  "/en/member",
  "/en/member/account_overview",
  "/en/member/address",
  "/en/member/buy_list",
  "/en/member/point",
  "/en/member/wallet",
  "/en/member/coupon",
  "/en/member/favorite",
  "/en/member/refer",
  "/en/member/notice",
  "/en/member/password",
  "/en/member/account_binding",
  "/en/member/privacy",
  "/en/member/level",
];

const AT_REST = "*,*::before,*::after{transition:none!important;animation:none!important}";

test("every English page: no untranslated UI string, and no serious or critical axe violation", async ({ page }) => {
  // About thirty pages, each read twice (text, then axe): minutes on a busy 2-core runner.
  test.setTimeout(360_000);
  const found: string[] = [];
  const axe: string[] = [];
  const visit = async (path: string) => {
    await checked(page, path, found);
    await page.addStyleTag({ content: AT_REST });
    const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    for (const v of result.violations.filter((x) => x.impact === "serious" || x.impact === "critical"))
      axe.push(
        `${path} ${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
      );
  };
  for (const path of PUBLIC_PAGES) await visit(path);
  await page.goto("/en/login");
  await page.getByLabel("Mobile number or email").fill("0912345678");
  await page.getByLabel("Password").fill("demo1234");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/member$/);
  for (const path of MEMBER_PAGES) await visit(path);
  expect(found).toEqual([]);
  expect(axe).toEqual([]);
});

test("the language switch: the same page in the other language, and the Chinese page unchanged", async ({ page }) => {
  const response = await page.goto("/product/details?id=1");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hant-TW");
  // Search engines read the other language's address from the page's Link header.
  expect(response?.headers().link).toContain('/en/product/details?id=1>; rel="alternate"; hreflang="en"');
  expect(response?.headers().link).toMatch(/\/product\/details\?id=1>; rel="alternate"; hreflang="x-default"$/);
  await expect(page.getByRole("button", { name: "加入購物車" })).toBeVisible();
  // The footer hydrates from its own chunk: a click in the page's first moments (a test's, not a
  // person's) lands before it.
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/product\/details\?id=1$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alishan Jin Xuan Oolong Tea");
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: "中文" }).click();
  await expect(page).toHaveURL(/\/product\/details\?id=1$/);
  await expect(page.getByRole("button", { name: "加入購物車" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("阿里山金萱烏龍");
  // An address typed in capitals (/EN/, /shop_2/En/) goes to the English page's one address.
  for (const [typed, english] of [
    ["/EN/product/details?id=1", "/en/product/details?id=1"],
    ["/shop_2/En", "/shop_2/en"],
  ] as const) {
    await page.goto(typed);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(english);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }
  // The server's refusals follow the page's language, not the browser's.
  for (const [path, account, password, button, refusal] of [
    ["/en/login", "Mobile number or email", "Password", "Sign in", "Incorrect account or password"],
    ["/login", "手機號碼或電子郵件", "密碼", "登入", "帳號或密碼錯誤"],
  ] as const) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.getByLabel(account).fill("0987000111");
    await page.getByLabel(password).fill("not-the-password-1");
    await page.getByRole("button", { name: button, exact: true }).click();
    await expect(page.getByRole("dialog").getByText(refusal)).toBeVisible();
  }
});
