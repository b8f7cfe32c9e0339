import { describe, expect, it } from "vitest";
import { englishCatalogue } from "../../i18n/catalogue";
import { englishTranslator } from "../../i18n/english";
import { type MessageDescriptor, zhTW } from "../../i18n/runtime";
import { paymentMessageText } from "./payment-messages";

// What the server says of an unpaid payment, on an English order page (decision 109).
describe("payment messages in English", async () => {
  // The page's own translators: the English one over the whole catalogue, and zh-TW (the source).
  const english = englishTranslator(await englishCatalogue());
  const en = (d: MessageDescriptor) => english._(d);
  const zh = (d: MessageDescriptor) => zhTW._(d);

  it("says the server's fixed messages and the ones with a way to pay in English, the way in English too", () => {
    expect(paymentMessageText(en, "信用卡授權失敗，請確認卡片資料或改用其他付款方式")).toBe(
      "The card was not authorised. Please check the card details or pay another way",
    );
    expect(paymentMessageText(en, "尚未完成LINE Pay付款，請重新付款")).toBe(
      "The LINE Pay payment was not completed. Please pay again",
    );
    expect(paymentMessageText(en, "街口支付尚未付款成功，請重新付款")).toBe(
      "The JKOPAY payment has not succeeded. Please pay again",
    );
    expect(paymentMessageText(en, "已改用ATM／銀行轉帳付款")).toMatch(/^Changed to paying by (?!ATM／)/);
  });

  it("keeps a bank's own words, and a Chinese page's text, as sent", () => {
    expect(paymentMessageText(en, "發卡行拒絕交易 (05)")).toBe("發卡行拒絕交易 (05)");
    expect(paymentMessageText(zh, "尚未完成LINE Pay付款，請重新付款")).toBe("尚未完成LINE Pay付款，請重新付款");
  });
});
