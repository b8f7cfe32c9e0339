import { MAIN_SHOP_ID } from "@shop/contract";
import { csvDocument } from "../../lib/csv.js";
import type { CatalogueService } from "../../modules/catalogue/service.js";
import type { PersonalDataParts } from "./parts.js";

/**
 * The sections of a member's copy of their data, in the order the files list them, with the
 * name each has in the CSV's 資料類別 column (the JSON uses the keys).
 */
const SECTIONS = {
  about: "說明",
  profile: "基本資料",
  addresses: "收件地址",
  sign_in_bindings: "第三方登入綁定",
  favorites: "我的收藏",
  cart: "購物車",
  orders: "訂單",
  e_invoices: "電子發票",
  balances: "點數與錢包餘額",
  points_ledger: "點數明細",
  wallet_ledger: "錢包明細",
  coupons: "優惠券",
  monthly_spend: "每月消費",
  raffle_tickets: "刮刮卡",
  cloud_depot: "雲端庫存",
  exchanges: "點數兌換",
  bank_account: "收款帳戶",
  withdrawals: "提領紀錄",
  notification_preferences: "通知方式",
  site_notices: "站內通知",
  messages: "寄給您的訊息",
  inquiries: "客服詢問",
  restock_requests: "到貨通知",
  data_requests: "個資下載與刪除紀錄",
} as const;

export type PersonalDataExport = { [K in keyof typeof SECTIONS]: unknown };

/**
 * Everything the shop holds about one member, gathered from each module's own part (decision 78):
 * their own data only — another member appears nowhere (a referral is a count, never a name).
 */
export async function collectExport(
  parts: PersonalDataParts,
  catalogue: Pick<CatalogueService, "productNames" | "variantsForCart">,
  memberId: number,
  about: { shop: string; at: Date },
): Promise<PersonalDataExport> {
  const p = parts;
  const profile = await p.members.profile(memberId);
  const who = { memberId, phone: profile.phone };
  const orders = await p.orders.exportOf(memberId);
  const inquiries = await p.support.exportOf(who);
  const [favorites, cart, loyalty, depot, restock, payout, notices] = await Promise.all([
    p.members.favorites(memberId),
    p.cart.exportOf(memberId),
    p.loyalty.exportOf(memberId),
    p.depot.exportOf(memberId),
    p.restock.exportOf(who),
    p.payout.exportOf(memberId),
    p.notifications.exportOf(memberId, [...orders.map((o) => `order:${o.order_no}`), ...inquiries.map((i) => `inquiry:${i.id}`)]),
  ]);
  const productNames = await catalogue.productNames(favorites.map((f) => f.product_id));
  const variantIds = [...new Set([...cart, ...depot.ledger, ...restock].map((r) => r.variant_id))];
  const variantNames = new Map(
    (await catalogue.variantsForCart(variantIds, MAIN_SHOP_ID)).map((v) => [v.id, `${v.name}（${v.variantName}）`] as const),
  );
  const named = <T extends { variant_id: number }>(rows: T[]) =>
    rows.map((r) => ({ ...r, product: variantNames.get(r.variant_id) ?? "" }));
  return {
    about: {
      shop: about.shop,
      exported_at: about.at.toISOString(),
      member_no: memberId,
      note: "依個人資料保護法第 3 條、第 10 條提供之個人資料副本，內容為下載當下本商城所保存關於您的資料。",
    },
    profile,
    addresses: await p.members.addresses(memberId),
    sign_in_bindings: await p.members.bindings(memberId),
    favorites: favorites.map((f) => ({ ...f, product: productNames.get(f.product_id) ?? "" })),
    cart: named(cart),
    orders,
    e_invoices: await p.invoices.exportOf(memberId),
    balances: loyalty.balances,
    points_ledger: loyalty.points_ledger,
    wallet_ledger: loyalty.wallet_ledger,
    coupons: loyalty.coupons,
    monthly_spend: loyalty.monthly_spend,
    raffle_tickets: await p.raffles.exportOf(memberId),
    cloud_depot: { ledger: named(depot.ledger), takeouts: depot.takeouts },
    exchanges: await p.exchange.exportOf(memberId),
    bank_account: payout.bank_account,
    withdrawals: payout.withdrawals,
    notification_preferences: notices.preferences,
    site_notices: notices.notices,
    messages: notices.messages,
    inquiries: inquiries.map(({ id: _id, ...rest }) => rest),
    restock_requests: named(restock),
    data_requests: await p.members.requests(memberId),
  };
}

/** Every leaf of a value as (path, value): `lines[0].name`; an empty list or object is one empty row. */
function leaves(value: unknown, path: string): Array<[string, unknown]> {
  if (Array.isArray(value)) {
    if (value.length === 0) return [[path, ""]];
    return value.flatMap((v, i) => leaves(v, `${path}[${i + 1}]`));
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return [[path, ""]];
    return entries.flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  }
  return [[path, value ?? ""]];
}

/**
 * The same content as one CSV a spreadsheet opens (decision 78): one row per value, with the
 * section (資料類別), the record's number within it (項次: the 3rd order is 3), the field as the
 * JSON names it (欄位: `lines[2].name` is the second line's name) and the value (內容).
 */
export function exportCsv(data: PersonalDataExport): string {
  const rows: unknown[][] = [];
  for (const [key, label] of Object.entries(SECTIONS)) {
    const value = data[key as keyof typeof SECTIONS];
    if (Array.isArray(value)) {
      if (value.length === 0) rows.push([label, "", "", "（無資料）"]);
      value.forEach((item, i) => {
        for (const [field, v] of leaves(item, "")) rows.push([label, i + 1, field, v]);
      });
    } else if (value === null || value === undefined) {
      rows.push([label, "", "", "（無資料）"]);
    } else {
      for (const [field, v] of leaves(value, "")) rows.push([label, 1, field, v]);
    }
  }
  return csvDocument(["資料類別", "項次", "欄位", "內容"], rows);
}
