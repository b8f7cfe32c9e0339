// Card number and expiry checks as TapPay's card fields make them (decision 82), with no zod so
// the card form can use them: the 測試模式 simulator, its form and the server all ask the same.

/** The Luhn check digit of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** What is wrong with a card number as typed (spaces and dashes allowed), or null. */
export function cardNumberProblem(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, "");
  if (!digits) return "請輸入卡號";
  if (!/^\d{16}$/.test(digits)) return "卡號為 16 位數字";
  return luhnValid(digits) ? null : "卡號有誤，請再確認";
}

/** What is wrong with an expiry MM/YY, or null; a card is good through the last day of its month (Taipei). */
export function cardExpiryProblem(typed: string, now = new Date()): string | null {
  const m = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(typed.trim());
  if (!typed.trim()) return "請輸入有效期限";
  if (!m) return "有效期限格式為 MM/YY";
  const taipei = new Date(now.getTime() + 8 * 3_600_000);
  const current = taipei.getUTCFullYear() * 12 + taipei.getUTCMonth();
  const card = (2000 + Number(m[2])) * 12 + (Number(m[1]) - 1);
  return card < current ? "信用卡已過期，請確認有效期限" : null;
}
