import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { loginInput, registerInput, sendCaptchaInput } from "./auth.js";

describe("shared input schemas", () => {
  test("phone numbers: exactly 09 + 8 digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^09\d{8}$/), (phone) => {
        expect(sendCaptchaInput.safeParse({ phone, purpose: "register" }).success).toBe(true);
      }),
    );
    // Typed forms (+886 912 345 678, 0912-345-678) are normalised: phone.test.ts.
    for (const bad of ["0812345678", "091234567", "09123456789", "+886812345678", "09-1234-567"]) {
      const r = sendCaptchaInput.safeParse({ phone: bad, purpose: "register" });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe("手機號碼格式錯誤，請輸入 09 開頭的 10 位數字");
    }
  });

  test("unknown fields are rejected with a zh-TW message", () => {
    const r = loginInput.safeParse({ account: "0912345678", password: "x", role: "admin" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("不接受的欄位：role");
  });

  test("missing fields say they are required", () => {
    const r = registerInput.safeParse({});
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error?.issues.map((i) => [i.path.join("."), i.message]) ?? []);
    expect(messages.phone).toBe("請輸入手機號碼");
    expect(messages.password).toBe("請輸入密碼");
  });

  test("empty optional fields count as absent", () => {
    const r = registerInput.parse({
      phone: "0912345678",
      captcha: "123456",
      password: "abcdefgh",
      name: "甲",
      email: "",
      refcode: "",
    });
    expect(r.email).toBeUndefined();
    expect(r.refcode).toBeUndefined();
  });
});
