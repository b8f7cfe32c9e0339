import { type Browser, expect, type Page, test } from "@playwright/test";
import { fillHomeAddress, fillReceiver, orderNoOf, shot, signIn } from "./flows";
import { captchaFor } from "./helpers";

/** The demo seller owns shop 2 (阿里山茶行); the buyer is a member bound to it. */
const SELLER = { phone: "0987654321", password: "seller1234" };
const BUYER = { phone: "0911222333", password: "demo1234" };

/** The seller works in a browser of their own beside the buyer's. */
async function sellerBrowser(browser: Browser): Promise<Page> {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId });
  const page = await context.newPage();
  await signIn(page, SELLER.phone, SELLER.password);
  return page;
}

/** Presses a seller action, accepts its confirmation if it asks, and sees the success line (no tap; issue 47). */
async function sellerDoes(page: Page, button: string, success: string, confirm: boolean) {
  await page.getByRole("button", { name: button, exact: true }).click();
  if (confirm) await page.getByRole("dialog").getByRole("button", { name: "確認", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: success })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

async function buyerSees(page: Page, orderNo: string, status: string) {
  await page.goto(`/shop_2/member/order_detail?order_no=${orderNo}`);
  await expect(page.getByTestId("order-status")).toHaveText(status);
}

test.describe
  .serial("a sub-mall and its seller", () => {
    test("a seller without a payout account must give one: the bank modal, branch name from its code", async ({
      page,
      request,
    }) => {
      await page.goto("/login");
      await page.getByLabel("手機號碼或電子郵件").fill(SELLER.phone);
      await page.getByLabel("密碼").fill(SELLER.password);
      await page.getByRole("button", { name: "登入", exact: true }).click();
      const modal = page.getByRole("dialog", { name: "請輸入您的收款銀行帳號" });
      await expect(modal).toBeVisible();
      // The seller landed in their own seller area; a click on the backdrop does not close the
      // modal, ✕ and Esc put it off, and it asks again at the next start.
      await expect(page).toHaveURL(/\/shop_2\/member\/seller$/);
      await page.mouse.click(5, 5);
      await expect(modal).toBeVisible();
      await modal.getByRole("button", { name: "關閉" }).click();
      await expect(modal).toBeHidden();
      await page.reload();
      await expect(modal).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(modal).toBeHidden();
      await page.reload();
      await expect(modal).toBeVisible();
      await modal.getByLabel("戶名").fill("林阿里");
      await modal.getByLabel("銀行").selectOption("004");
      await modal.getByLabel("分行代碼或名稱搜尋").fill("0037");
      await expect(modal.getByTestId("branch-name")).toHaveText("臺灣銀行 營業部");
      if (process.env.SHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/bank-modal-desktop.png` });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/bank-modal-mobile.png` });
      }
      await expect(modal.getByLabel("分行", { exact: true })).toHaveValue("0037");
      // Changing the bank clears the branch.
      await modal.getByLabel("銀行").selectOption("700");
      await expect(modal.getByLabel("分行", { exact: true })).toHaveValue("");
      await modal.getByLabel("分行", { exact: true }).selectOption("0021");
      await expect(modal.getByTestId("branch-name")).toHaveText("中華郵政 郵政存簿儲金");
      await modal.getByLabel("帳號").fill("12345678901234");
      // The code texted to the seller's own phone (decision 77).
      await modal.getByRole("button", { name: "傳送驗證碼" }).click();
      await expect(modal.getByText("驗證碼已傳送至您的手機")).toBeVisible();
      await modal.getByLabel("簡訊驗證碼").fill(await captchaFor(request, SELLER.phone));
      await modal.getByRole("button", { name: "送出" }).click();
      await expect(page.getByRole("status").filter({ hasText: "收款帳號已儲存" })).toBeVisible();
      // Saved: the seller is still where they were.
      await expect(page).toHaveURL(/\/shop_2\/member\/seller$/);
      await page.reload();
      await expect(page.getByRole("dialog", { name: "請輸入您的收款銀行帳號" })).toHaveCount(0);
    });

    test("the seller opens shop_2; a member bound to the main mall who opens it lands on the main mall", async ({
      page,
      browser,
    }) => {
      const seller = await sellerBrowser(browser);
      await seller.goto("/shop_2/");
      await expect(seller.getByTestId("shop-intro")).toContainText("阿里山上第三代茶農");
      await seller.waitForLoadState("networkidle");
      await expect(seller).toHaveURL(/\/shop_2\/$/);
      await seller.context().close();

      await signIn(page, "0912345678", "demo1234");
      await page.goto("/shop_2/");
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    });

    test("a buyer orders in shop_2; the seller confirms payment, delivers it, finishes it; the buyer sees each step", async ({
      page,
      browser,
    }) => {
      // A long journey across two browsers: three times the usual budget on a busy 2-core runner.
      test.slow();
      await signIn(page, BUYER.phone, BUYER.password);
      await page.goto("/shop_2/product/details?id=1");
      await page.getByRole("button", { name: "加入購物車" }).click();
      await expect(page.getByTestId("cart-panel")).toBeInViewport();
      await page.goto("/shop_2/select_cart");
      await page.getByRole("link", { name: "前往結帳" }).click();
      await expect(page).toHaveURL(/\/shop_2\/cart$/);
      await page.getByLabel(/阿里山茶行 專人配送/).check();
      await fillReceiver(page, BUYER.phone);
      await fillHomeAddress(page);
      await page.getByLabel("ATM／銀行轉帳").check();
      await page.getByRole("button", { name: "確認下單" }).click();
      await expect(page.getByTestId("finish-title")).toHaveText("訂單已成立，請於期限內完成匯款");
      const orderNo = await orderNoOf(page);
      await buyerSees(page, orderNo, "待付款");

      const seller = await sellerBrowser(browser);
      await seller.goto("/shop_2/member/seller?status=pending_payment");
      await seller.getByRole("link", { name: new RegExp(orderNo) }).click();
      await expect(seller).toHaveURL(/\/shop_2\/member\/seller_detail\?order_no=/);
      await shot(seller, "seller-detail-pending");
      await sellerDoes(seller, "確認收款", "已確認收款", true);
      await expect(seller.getByTestId("order-status")).toHaveText("已付款");
      await buyerSees(page, orderNo, "已付款");

      await seller.getByLabel("物流業者").fill("黑貓宅急便");
      await seller.getByLabel("物流單號").fill("900100200300");
      await sellerDoes(seller, "出貨", "已出貨", false);
      await expect(seller.getByTestId("order-status")).toHaveText("已出貨");
      await buyerSees(page, orderNo, "已出貨");
      await expect(page.getByText("賣家自行配送（黑貓宅急便）")).toBeVisible();
      await page.getByRole("link", { name: "查看配送進度" }).click();
      await expect(page.getByText("賣家已交寄（黑貓宅急便）")).toBeVisible();
      await expect(page.getByText("900100200300")).toBeVisible();

      // Delivered: the buyer's appraisal period runs; the seller can finish it only when it ends (decision 83).
      await sellerDoes(seller, "設為已送達", "已更新出貨狀態", false);
      await expect(seller.getByTestId("order-status")).toHaveText("已送達");
      await expect(seller.getByRole("button", { name: "完成訂單" })).toBeDisabled();
      await expect(seller.getByText(/\d{4}\/\d{2}\/\d{2} 起可完成訂單/)).toBeVisible();
      await buyerSees(page, orderNo, "已送達");
      await shot(page, "buyer-order-delivered");

      // The goods left the seller's own stock.
      await seller.goto("/shop_2/member/seller?tab=inventory");
      await expect(seller.getByRole("list", { name: "庫存異動紀錄" }).getByText(`自行配送出貨｜訂單 ${orderNo}`)).toBeVisible();
      await shot(seller, "seller-inventory");
      await seller.context().close();
    });
  });
