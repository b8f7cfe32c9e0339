import { expect, test } from "@playwright/test";
import { registerMember, shot } from "./flows";
import { PHONE_UA } from "./helpers";

/** 生日禮 (decision 95) and 購物車提醒 (decision 97) from the member's side, on a phone and a desktop. */
for (const device of ["phone", "desktop"] as const) {
  test.describe(`rewards on a ${device}`, () => {
    if (device === "phone")
      test.use({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("a member sets the birthday once, then sees it read-only; turns cart reminders off", async ({ page, request }) => {
      const m = await registerMember(request, "生日測試");
      await page.goto("/");
      await page.evaluate((t) => localStorage.setItem("token", t), m.token);

      await page.goto("/member/account_overview");
      await page.getByRole("button", { name: "設定生日" }).click();
      await expect(page.getByRole("status").filter({ hasText: "請選擇生日" })).toBeVisible();
      await page.getByLabel("生日").fill("1990-05-20");
      await shot(page, `rewards-birthday-form-${device}`);
      await page.getByRole("button", { name: "設定生日" }).click();
      await expect(page.getByTestId("birthday-set")).toContainText("1990/05/20");
      await expect(page.getByTestId("birthday-set")).toContainText("如需更正請聯絡客服");
      await page.reload();
      await expect(page.getByTestId("birthday-set")).toContainText("1990/05/20");
      await shot(page, `rewards-birthday-set-${device}`);
      // The API refuses a second set.
      const again = await request.post("/api/user/birthday", {
        headers: { Authorization: `Bearer ${m.token}` },
        data: { birthday: "1991-01-01" },
      });
      expect((await again.json()).message).toBe("生日設定後無法自行修改，如需更正請聯絡客服");

      await page.goto("/member/notice");
      const box = page.getByRole("checkbox", { name: /購物車提醒/ });
      await expect(box).toBeChecked();
      await box.click(); // the box follows the server's answer
      await expect(page.getByRole("status").filter({ hasText: "已更新通知方式" })).toBeVisible();
      await expect(box).not.toBeChecked();
      await page.reload();
      await expect(page.getByRole("checkbox", { name: /購物車提醒/ })).not.toBeChecked();
      await shot(page, `rewards-notice-${device}`);
    });
  });
}
