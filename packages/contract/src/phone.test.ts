import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { loginInput, registerInput, sendCaptchaInput } from "./auth.js";
import { normalizeMobile } from "./common.js";
import { addressBookInput, CVS_RECEIVER_NAME_ERROR, guestOrderCodeInput, storeOrderInput } from "./order.js";

const mobile = fc.stringMatching(/^09\d{8}$/);
const toFullWidth = (s: string) => s.replace(/[0-9+]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/** The ways people type (or autofill) one number: separators, +886 or 886 in front, full-width digits. */
const typed = mobile.chain((phone) =>
  fc
    .record({
      prefix: fc.constantFrom("0", "+886", "886", "+886 ", "+8860", "00886"),
      sep: fc.constantFrom("", " ", "-", "\u3000", "－", " - "),
      wide: fc.boolean(),
      pad: fc.constantFrom("", " ", "\t"),
    })
    .map(({ prefix, sep, wide, pad }) => {
      const rest = phone.slice(1);
      const text = `${prefix}${rest.slice(0, 3)}${sep}${rest.slice(3, 6)}${sep}${rest.slice(6)}`;
      return { phone, text: `${pad}${wide ? toFullWidth(text) : text}${pad}` };
    }),
);

describe("mobile numbers as people type them", () => {
  test("every way of typing a number gives 09XXXXXXXX, and normalising again changes nothing", () => {
    fc.assert(
      fc.property(typed, ({ phone, text }) => {
        expect(normalizeMobile(text)).toBe(phone);
        expect(normalizeMobile(normalizeMobile(text))).toBe(phone);
      }),
    );
  });

  test("what is not a mobile number comes back as typed (trimmed), never as some other number", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const out = normalizeMobile(text);
        if (!/^09\d{8}$/.test(out)) expect(out).toBe(text.trim());
      }),
    );
    for (const bad of ["0812345678", "091234567", "09123456789", "+886812345678", "a@b.tw"])
      expect(normalizeMobile(bad)).toBe(bad);
  });

  test("every schema with a mobile number takes the typed forms, normalised, on server and client alike", () => {
    const phone = "0912345678";
    for (const text of ["0912-345-678", "+886 912 345 678", "886912345678", "０９１２３４５６７８", "(0912) 345 678"]) {
      expect(sendCaptchaInput.parse({ phone: text }).phone).toBe(phone);
      expect(registerInput.parse({ phone: text, captcha: "123456", password: "abcdefgh", name: "甲" }).phone).toBe(phone);
      expect(loginInput.parse({ account: text, password: "x" }).account).toBe(phone);
      expect(guestOrderCodeInput.parse({ order_no: "20261128000001", phone: text }).phone).toBe(phone);
      const entry = {
        name: "王小明",
        phone: text,
        zip: "100",
        county: "臺北市",
        district: "中正區",
        line: "重慶南路一段 122 號",
      };
      expect(addressBookInput.parse(entry).phone).toBe(phone);
    }
    expect(loginInput.parse({ account: " Mei@Example.com ", password: "x" }).account).toBe("Mei@Example.com");
  });

  test("an empty field asks for it; a wrong one says what is wrong", () => {
    const message = (phone: string) => sendCaptchaInput.safeParse({ phone }).error?.issues.map((i) => i.message);
    expect(message("")).toEqual(["請輸入手機號碼"]);
    expect(message("   ")).toEqual(["請輸入手機號碼"]);
    expect(message("0812345678")).toEqual(["手機號碼格式錯誤，請輸入 09 開頭的 10 位數字"]);
  });
});

describe("store pick-up receiver names, as ECPay takes them", () => {
  const order = (ship_method: string, name: string) => ({
    line_ids: [1],
    ship_method,
    payment_method: "cod",
    receiver: { name, phone: "0912345678" },
    invoice: { type: "member" },
  });
  const nameError = (ship: string, name: string) =>
    storeOrderInput.safeParse(order(ship, name)).error?.issues.find((i) => i.path.join(".") === "receiver.name")?.message;

  test("2–5 Chinese characters or 4–10 English letters", () => {
    for (const ok of ["王小", "王小明", "歐陽美麗花", "John", "Mary Chen", "Abcdefghij"])
      expect(nameError("cvs_711", ok)).toBeUndefined();
    for (const bad of ["王", "王小明大文六", "Bob", "Abcdefghijk", "王 Mary", "陳2", "Mary-Ann"]) {
      expect(nameError("cvs_family", bad)).toBe(CVS_RECEIVER_NAME_ERROR);
    }
  });

  test("any body is answered with issues, never a throw (the check runs beside the others)", () => {
    for (const body of [
      null,
      1,
      "x",
      [],
      { receiver: null, ship_method: "cvs_711" },
      { receiver: "王", ship_method: "cvs_711" },
    ]) {
      expect(storeOrderInput.safeParse(body).success).toBe(false);
    }
  });

  test("home delivery keeps any name; an empty one asks for it", () => {
    expect(nameError("hct", "王")).toBeUndefined();
    expect(nameError("cvs_711", "")).toBe("請輸入收件人姓名");
  });
});
