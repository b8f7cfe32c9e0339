import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { registerMember, saveAddress } from "./flows";
import { PHONE_UA } from "./helpers";

/**
 * Member pages read in their clientLoader and change data through clientAction (decision 56):
 * what a change leaves is read again, a refused read shows the server's words with 重新載入.
 */

// One member for the whole file: every SMS code counts against the test server's per-address
// hourly limit (twenty), which the whole suite shares. Each test leaves the member as it found it.
let member: Promise<Awaited<ReturnType<typeof registerMember>>> | undefined;
const theMember = (request: APIRequestContext) => {
  member ??= registerMember(request, "頁面測試");
  return member;
};

async function signedIn(page: Page, token: string) {
  await page.goto("/");
  await page.evaluate((t) => localStorage.setItem("token", t), token);
}

for (const device of ["desktop", "phone"] as const) {
  test.describe(`member pages on a ${device}`, () => {
    if (device === "phone")
      test.use({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("favourites: 取消收藏 takes the product off at once, and it stays off", async ({ page }) => {
      const member = await theMember(page.request);
      const headers = { authorization: `Bearer ${member.token}` };
      // Liking is idempotent: whatever the other device's run left, two are liked now.
      for (const id of [5, 6]) await page.request.post("/api/user/like/store", { headers, data: { product_id: id } });
      await signedIn(page, member.token);
      await page.goto("/member/favorite");
      const cards = page.getByRole("list", { name: "收藏的商品" }).getByRole("listitem");
      await expect(cards).toHaveCount(2);
      await cards.first().getByRole("button", { name: "取消收藏" }).click();
      await expect(cards).toHaveCount(1);
      await page.reload();
      await expect(cards).toHaveCount(1);
      const liked = (await (await page.request.post("/api/user/like/search", { headers, data: {} })).json()) as {
        data: unknown[];
      };
      expect(liked.data).toHaveLength(1);
    });

    test("address book: checked as the server checks it, saved, then deleted; the list is read again", async ({ page }) => {
      const member = await theMember(page.request);
      await signedIn(page, member.token);
      // The contract's rules show under each field at once; each goes as its field is fixed.
      await page.goto("/member/address");
      await page.getByRole("button", { name: "儲存地址" }).click();
      await expect(page.getByLabel("收件人姓名")).toHaveAttribute("aria-invalid", "true");
      const shown = await page.locator("form .field-error").count();
      expect(shown).toBeGreaterThanOrEqual(4);
      await page.getByLabel("收件人姓名").fill("王小明");
      await expect(page.getByLabel("收件人姓名")).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("form .field-error")).toHaveCount(shown - 1);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await saveAddress(page, "王小明", member.phone);
      const book = page.getByTestId("addresses");
      await expect(book).toContainText("王小明");
      // 取消 leaves it, and the focus goes back to the button pressed.
      await book.getByRole("button", { name: "刪除" }).click();
      await page.getByRole("button", { name: "取消", exact: true }).click();
      await expect(book.getByRole("button", { name: "刪除" })).toBeFocused();
      await book.getByRole("button", { name: "刪除" }).click();
      await page.getByRole("button", { name: "確認", exact: true }).click();
      await expect(page.getByText("尚未儲存地址。")).toBeVisible();
    });

    test("share: the search is in the address, and 取得分享連結 brings the member's link", async ({ page }) => {
      const member = await theMember(page.request);
      await signedIn(page, member.token);
      await page.goto("/member/share");
      await page.getByLabel("搜尋要分享的商品").fill("茶");
      await page.getByRole("search", { name: "分享商品搜尋" }).getByRole("button", { name: "搜尋" }).click();
      await expect(page).toHaveURL(/\/member\/share\?keyword=/);
      await page.getByRole("button", { name: "取得分享連結" }).first().click();
      await expect(page.getByRole("button", { name: /複製/ }).first()).toBeVisible();
    });

    test("signed out, a member page with its own reads goes to sign-in and comes back", async ({ page }) => {
      await page.goto("/member/wallet?page=1");
      await expect(page).toHaveURL(/\/login\?next=%2Fmember%2Fwallet%3Fpage%3D1$/);
      await expect(page.getByText("登入已逾時")).toHaveCount(0);
      await page.goto("/shop_2/member/buy_list");
      await expect(page).toHaveURL(/\/shop_2\/login\?next=/);
    });

    test("a refused read shows what the server said; 重新載入 reads again", async ({ page }) => {
      const member = await theMember(page.request);
      await signedIn(page, member.token);
      let refuse = true;
      await page.route("**/api/user/wallet/home*", async (route) => {
        if (!refuse) return route.continue();
        await route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ status: false, message: "系統維護中，請稍後再試", data: null }),
        });
      });
      await page.goto("/member/wallet");
      await expect(page.getByRole("alert")).toHaveText("系統維護中，請稍後再試");
      refuse = false;
      await page.getByRole("button", { name: "重新載入" }).click();
      await expect(page.getByTestId("wallet-balance")).toHaveText("NT$0");
    });
  });
}
