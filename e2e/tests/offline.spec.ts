import net from "node:net";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { fillHomeAddress, fillReceiver, payByCard } from "./flows";
import { newPhone, PHONE_UA } from "./helpers";

// The shop as an app on a phone (issue 52, decision 108): installable in either mall, pages and
// the cart kept for a train with no signal, checkout clear that it needs a connection.
test.use({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: "allow" });

/**
 * The shop behind a switch: a TCP relay the phone talks to, which can drop every connection and
 * refuse new ones — the train's tunnel. (Playwright's setOffline stops a navigation before the
 * service worker sees it, which no phone does.) The phone's own signal (`navigator.onLine`) follows
 * the switch through an init script.
 */
async function tunnel(context: BrowserContext, port: number) {
  let open = true;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((phone) => {
    if (!open) return phone.destroy();
    const shop = net.connect(port, "127.0.0.1");
    for (const s of [phone, shop]) {
      sockets.add(s);
      s.on("error", () => s.destroy());
      s.on("close", () => sockets.delete(s));
    }
    phone.pipe(shop).pipe(phone);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  await context.addInitScript(() => {
    if (localStorage.getItem("e2e_offline") === "1") Object.defineProperty(Navigator.prototype, "onLine", { get: () => false });
  });
  const signal = (page: Page, on: boolean) =>
    page.evaluate((on) => {
      localStorage.setItem("e2e_offline", on ? "0" : "1");
      Object.defineProperty(Navigator.prototype, "onLine", { configurable: true, get: () => on });
      window.dispatchEvent(new Event(on ? "online" : "offline"));
    }, on);
  return {
    origin: `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`,
    async offline(page: Page) {
      open = false;
      for (const s of sockets) s.destroy();
      await signal(page, false);
    },
    async online(page: Page) {
      open = true;
      await signal(page, true);
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => relay.close(resolve));
    },
  };
}

/** Waits until the service worker is active and controls the page (the next navigation goes through it). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test("Chrome's installability checks pass for the main mall and a sub-mall", async ({ page }) => {
  for (const start of ["/", "/shop_2/"]) {
    await page.goto(start);
    await controlled(page);
    // The shell links the shop's manifest once its lazily loaded part is up.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      "href",
      `${start === "/" ? "" : "/shop_2"}/manifest.webmanifest`,
    );
    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.url).toMatch(new RegExp(`${start}manifest\\.webmanifest$`));
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors, start).toEqual([]);
    await cdp.detach();
  }
});

test("offline, seen pages open with their prices marked, the cart shows, checkout waits; back online it pays", async ({
  page,
  context,
  baseURL,
}) => {
  // A whole purchase with an offline stretch in the middle.
  test.setTimeout(45_000);
  const line = await tunnel(context, Number(new URL(baseURL ?? "").port));
  const at = (path: string) => `${line.origin}${path}`;
  await page.goto(at("/"));
  await controlled(page);
  // Seen while online: a category, a product (put in the cart), the cart.
  await page.goto(at("/product?parent_categry_id=1"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto(at("/product/details?id=2"));
  await page.getByRole("button", { name: "加入購物車" }).click();
  await expect(page.getByTestId("cart-panel")).toBeInViewport();
  await page.goto(at("/select_cart"));
  await expect(page.getByRole("link", { name: "梨山高冷烏龍" })).toBeVisible();

  await line.offline(page);
  await page.goto(at("/product/details?id=2"));
  await expect(page.getByTestId("offline-notice")).toContainText("價格與庫存可能已變動");
  const price = page.locator(".price").first();
  await expect(price).toBeVisible();
  expect(await price.evaluate((el) => getComputedStyle(el, "::after").content)).toBe('"（可能非最新）"');

  await page.goto(at("/product?parent_categry_id=1"));
  await expect(page.getByTestId("offline-notice")).toBeVisible();
  await expect(page.locator(".price").first()).toBeVisible();

  await page.goto(at("/select_cart"));
  await expect(page.getByRole("link", { name: "梨山高冷烏龍" })).toBeVisible();
  await expect(page.getByText("結帳需要網路連線，恢復連線後即可前往結帳。")).toBeVisible();
  await expect(page.getByRole("link", { name: "前往結帳" })).toHaveAttribute("aria-disabled", "true");

  // A page never seen: the offline page, which says checkout needs a connection.
  await page.goto(at("/cart"));
  await expect(page.getByRole("heading", { name: "目前沒有網路連線" })).toBeVisible();
  await expect(page.getByText("結帳需要網路連線")).toBeVisible();

  // Back online: the checkout opens and the order is paid.
  await line.online(page);
  await page.goto(at("/select_cart"));
  await page.getByRole("link", { name: "前往結帳" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("payable")).toBeVisible();
  // Offline with the form open: it stays filled in and says so.
  await fillReceiver(page, newPhone());
  await line.offline(page);
  await expect(page.getByText("結帳需要網路連線：目前沒有網路，您填寫的資料會保留")).toBeVisible();
  await expect(page.getByLabel("收件人姓名")).toHaveValue("陳大文");
  await line.online(page);
  await expect(page.getByText("結帳需要網路連線：目前沒有網路")).toHaveCount(0);
  await page.getByLabel("新竹物流宅配").check();
  await fillHomeAddress(page);
  await payByCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page.getByTestId("finish-title")).toHaveText("感謝您的訂購，付款已完成");
  await line.close();
});

test("an iPhone is told once how to add the shop to its home screen, never on the first page", async ({ browser }) => {
  const context = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    // Not the suite's default (the hint seen already): a phone that never saw it.
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  const hint = page.getByRole("dialog", { name: "加入主畫面" });
  await page.goto("/shop_2/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/shop_2/manifest.webmanifest");
  await expect(hint).toHaveCount(0);
  await page.goto("/shop_2/product/details?id=2");
  await expect(hint).toContainText("把「阿里山茶行」加入主畫面：點選 Safari 下方的分享按鈕，再選「加入主畫面」。");
  await hint.getByRole("button", { name: "知道了" }).click();
  await expect(hint).toHaveCount(0);
  await page.goto("/shop_2/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/shop_2/manifest.webmanifest");
  await expect(hint).toHaveCount(0);
  await context.close();
});
