import { type EnglishPattern, englishPatterns } from "./english-patterns.js";

/**
 * English for the zh-TW refusals a shopper meets that are built with values (decision 109): each
 * `{…}` in a pattern stands for a value, kept as it is (a number, an amount, a date, a product's
 * name: catalogue content) unless it is one of the form's field names below. Back-office-only
 * messages are not listed (the back office stays zh-TW). The first pattern that fits is used, so
 * the precise ones come before the form's generic ones. errors-english-patterns.test.ts checks
 * that every such message in the storefront's files still has its pattern here.
 */
const PATTERNS: readonly EnglishPattern[] = [
  ["數量最多為 {n}", "The quantity is at most {n}"],
  ["評價內容最多 {n} 字", "A review is at most {n} characters"],
  ["照片最多 {n} 張", "At most {n} photos"],
  // Cart, quote and order.
  ["此商品每筆訂單限購 {n} 件", "At most {n} of this product per order"],
  ["庫存不足，目前最多可購買 {n} 件", "Not enough stock: at most {n} can be bought now"],
  ["「{name}」已下架或不在此商城販售", "“{name}” is no longer sold in this shop"],
  ["「{name}」每筆訂單限購 {n} 件", "At most {n} of “{name}” per order"],
  ["「{name}」庫存不足，目前剩 {n} 件", "Not enough stock of “{name}”: {n} left"],
  ["「{name}」已售完", "“{name}” is sold out"],
  ["「{name}」每人限購 {n} 件，您已購買 {m} 件", "At most {n} of “{name}” per member; you have bought {m}"],
  ["「{name}」每人限購 {n} 件", "At most {n} of “{name}” per member"],
  ["「{name}」每筆訂單限加購 {n} 件", "At most {n} of the add-on “{name}” per order"],
  ["贈品「{name}」已送完，請改選其他贈品", "The gift “{name}” has run out; please choose another gift"],
  ["「{name}」沒有此贈品", "“{name}” does not offer this gift"],
  ["點數不足，目前可用 {n} 點", "Not enough points: {n} available"],
  ["每筆訂單最多可折抵 {n} 點", "At most {n} points can be used per order"],
  ["錢包餘額不足，目前餘額 {amount}", "Not enough in your wallet: the balance is {amount}"],
  ["郵遞區號與{place}不符，請確認", "The postal code does not match {place}; please check it"],
  [
    "商品價格或優惠已更新，應付金額變為 {amount}，請確認後再下單",
    "Prices or offers have changed and the amount due is now {amount}; please check before ordering",
  ],
  ["此金額無法分 {n} 期，請選擇其他期數", "This amount cannot be paid in {n} instalments; please choose another"],
  ["此優惠碼尚未開始，{time} 起可使用", "This code is not valid yet; it can be used from {time}"],
  ["此優惠碼已於 {date} 到期", "This code expired on {date}"],
  ["此優惠碼每人限用 {n} 次，您已使用完畢", "This code can be used {n} times per member, and you have used them all"],
  ["此地區的郵遞區號為 {zip}", "This area's postal code is {zip}"],
  ["最多可儲存 {n} 筆地址", "At most {n} addresses can be saved"],
  // Signing in.
  ["請於 {n} 秒後再重新發送驗證碼", "Please wait {n} seconds before asking for a new code"],
  [
    "登入失敗次數過多，帳號已暫時鎖定至 {time}，請稍後再試或使用「忘記密碼」重設密碼",
    "Too many failed sign-ins: the account is locked until {time}. Try again later or reset your password",
  ],
  // The contract's form fields, last: the patterns above are more precise.
  ["請輸入{field}", "Please enter the {field}"],
  ["請選擇{field}", "Please choose the {field}"],
  ["{field}最多 {n} 個字", "The {field} is at most {n} characters"],
  ["{field}最多 {n} 字", "The {field} is at most {n} characters"],
];

/** The form's field names a pattern may carry ({field}, {place}), in English. */
const FIELDS: Readonly<Record<string, string>> = {
  收件人姓名: "recipient's name",
  縣市: "city or county",
  鄉鎮市區: "district",
  地址: "address",
  門市名稱: "store's name",
  門市地址: "store's address",
  取消原因: "reason for cancelling",
};

/** The English of a zh-TW refusal built with values, or undefined when no pattern fits. */
export const englishOfBuilt = englishPatterns(PATTERNS, FIELDS);
