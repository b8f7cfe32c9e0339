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
  // Linked sign-ins (LINE, Google, Facebook).
  ["目前未開放 {provider} 登入", "{provider} sign-in is not offered"],
  ["此 {provider} 帳號已綁定其他會員", "This {provider} account is linked to another member"],
  ["您已綁定另一個 {provider} 帳號，請先解除綁定", "You have linked another {provider} account; unlink it first"],
  ["尚未綁定 {provider}", "{provider} is not linked"],
  // After the order: a second checkout, reviews, completing, returns and exchanges.
  [
    "這些商品已在另一筆訂單（{no}）結帳，請重新整理購物車",
    "These items were checked out in another order ({no}); please refresh your cart",
  ],
  ["商品評價需於送達後 {n} 天內完成", "A review must be written within {n} days of delivery"],
  ["鑑賞期內無法完成訂單，{date} 起可完成", "The order cannot be completed during its appraisal period; it can be from {date}"],
  ["請先以簡訊驗證碼驗證手機，再申請{kind}", "Please verify your phone with an SMS code before asking for {kind}"],
  ["只有已送達、尚未完成的訂單可以申請{kind}", "Only a delivered order that is not yet completed can ask for {kind}"],
  [
    "已超過 {n} 天鑑賞期，無法線上申請{kind}，請聯繫客服",
    "The {n}-day appraisal period is over: {kind} can no longer be asked for online; please contact customer service",
  ],
  ["「{name}」最多可{verb} {n} 件", "At most {n} of “{name}” can be {verb}"],
  ["此申請目前為「{status}」，無法執行", "This request is “{status}” now; it cannot be done"],
  ["「{name}」已退款，無法寄出換貨", "“{name}” has been refunded; the exchange cannot be sent"],
  // Cloud stock (雲端庫存).
  ["雲端庫存不足：{name} 目前剩 {n} 件", "Not enough cloud stock of {name}: {n} left"],
  [
    "「{name}」雲端庫存僅剩 {n} 件（其餘已提貨），無法全數退款；請改為部分退款，退回仍在雲端庫存的數量",
    "Only {n} of “{name}” are left in cloud stock (the rest were taken out), so it cannot all be refunded; refund part of it, the units still in cloud stock",
  ],
  // Points and the wallet.
  ["最少兌換 {n} 點", "At least {n} points per exchange"],
  ["點數需為 {n} 的倍數", "Points must be a multiple of {n}"],
  [
    "收款帳戶於 {time} 設定或變更，為保護您的資金，{until} 後才能申請提領",
    "Your payout account was set or changed at {time}; to protect your money, withdrawals open at {until}",
  ],
  ["最低提領金額為 {amount}", "The smallest withdrawal is {amount}"],
  ["提領金額需大於手續費 {amount}", "A withdrawal must be more than the {amount} fee"],
  ["此提領申請目前為「{status}」，無法{action}", "This withdrawal request is “{status}” now; that cannot be done"],
  // Photos a member uploads (reviews, avatar).
  [
    "圖片尺寸過大（{w} × {h} 像素），請縮小後再上傳（最大 {n} 萬像素）",
    "The image is too large ({w} × {h} pixels); please make it smaller (at most {n} × 10,000 pixels) and upload it again",
  ],
  [
    "圖片長寬比例過於懸殊（最多 1:{n}），請裁切後再上傳",
    "The image is too long or too tall (at most 1:{n}); please crop it and upload it again",
  ],
  // The contract's form fields, last: the patterns above are more precise.
  ["請輸入{field}", "Please enter the {field}"],
  ["請選擇{field}", "Please choose the {field}"],
  ["{field}最多 {n} 個字", "The {field} is at most {n} characters"],
  ["{field}最多 {n} 字", "The {field} is at most {n} characters"],
];

/** The form's field names and the words a pattern may carry ({field}, {place}, {kind}, {verb}), in English. */
const FIELDS: Readonly<Record<string, string>> = {
  收件人姓名: "recipient's name",
  縣市: "city or county",
  鄉鎮市區: "district",
  地址: "address",
  門市名稱: "store's name",
  門市地址: "store's address",
  取消原因: "reason for cancelling",
  // What a return asks for, and what may be done with a unit.
  退貨: "a return",
  換貨: "an exchange",
  退: "returned",
  換: "exchanged",
  // A return's status (returnStatusLabel) as a refusal names it.
  退貨申請中: "return requested",
  換貨申請中: "exchange requested",
  "已核准，請寄回商品": "approved, waiting for the goods",
  退貨申請未通過: "return declined",
  換貨申請未通過: "exchange declined",
  已收到退回商品: "goods received",
  已退款: "refunded",
  換貨商品已寄出: "replacement sent",
};

/** The English of a zh-TW refusal built with values, or undefined when no pattern fits. */
export const englishOfBuilt = englishPatterns(PATTERNS, FIELDS);
