import type { PersonalDataOverview } from "@shop/contract";
import { formatMoney } from "@shop/contract/format";
import type { Db, Tx } from "../../db/client.js";
import { conflict, type ErrorCode, fieldError, isDomainError } from "../../lib/errors.js";
import type { AuthService } from "../../modules/auth/service.js";
import type { LoyaltyService } from "../../modules/loyalty/service.js";
import type { Member } from "../../modules/members/service.js";
import type { ShopsService } from "../../modules/shops/service.js";
import { type Actor, who as actorName, type StaffService } from "../../modules/staff/service.js";
import type { PersonalDataParts } from "./parts.js";

interface Blocker {
  code: ErrorCode;
  message: string;
}

export interface ClosingDeps {
  db: Db;
  parts: PersonalDataParts;
  auth: Pick<AuthService, "checkPassword" | "codes" | "revokeAll">;
  loyalty: Pick<LoyaltyService, "lockMember" | "balances" | "changePoints" | "changeWallet" | "usableCoupons">;
  shops: Pick<ShopsService, "ownedBy" | "numberSetting">;
  staff: Pick<StaffService, "record">;
  brandName: string;
}

/** The ledgers' cause of what closing takes: once per member (a ref is unique per member and ledger). */
const CLOSED_REF = "account:closed";

/** 0912345678 → 0912***678. */
const phoneHint = (phone: string) => (/^09\d{8}$/.test(phone) ? `${phone.slice(0, 4)}***${phone.slice(-3)}` : "");

/** A balance the member can take out (at least the minimum, more than the fee) must be withdrawn first. */
async function withdrawable(d: ClosingDeps, q: Db | Tx, wallet: number) {
  const [minimum, fee] = [await d.shops.numberSetting("withdrawal_minimum", q), await d.shops.numberSetting("withdrawal_fee", q)];
  return wallet > 0 && wallet >= minimum && wallet > fee;
}

/** What stops the account closing now. `seller` is read before any transaction (the shops module reads outside one). */
async function blockers(d: ClosingDeps, q: Db | Tx, memberId: number, wallet: number, seller: boolean): Promise<Blocker[]> {
  const { parts } = d;
  const out: Blocker[] = [];
  if (seller) out.push({ code: "SELLER_OWNS_SHOP", message: "您目前經營賣家商城，請先聯繫客服移交或關閉商城，再註銷帳號" });
  const open = await parts.orders.openCount(q, memberId);
  if (open > 0)
    out.push({
      code: "OPEN_ORDERS",
      message: `您有 ${open} 筆訂單尚未完成（待付款、處理中、配送中或鑑賞期內），請待訂單完成或取消後再註銷帳號`,
    });
  if ((await parts.payout.openCount(q, memberId)) > 0)
    out.push({ code: "WITHDRAWAL_IN_PROGRESS", message: "您有提領申請正在處理中，請待匯款完成後再註銷帳號" });
  if (await withdrawable(d, q, wallet))
    out.push({
      code: "WALLET_NOT_EMPTY",
      message: `您的錢包尚有 ${formatMoney(wallet)}，請先至「我的錢包」申請提領，再註銷帳號`,
    });
  const held = await parts.depot.holdings(q, memberId);
  if (held.units > 0)
    out.push({ code: "DEPOT_NOT_EMPTY", message: `您的雲端庫存尚有 ${held.units} 件商品，請先申請出貨，再註銷帳號` });
  if (held.takeouts > 0) out.push({ code: "TAKEOUT_IN_PROGRESS", message: "您的雲端庫存出貨尚未送達，請待送達後再註銷帳號" });
  if ((await parts.invoices.pendingCount(q, memberId)) > 0)
    out.push({ code: "INVOICE_IN_PROGRESS", message: "您的電子發票尚在開立或作廢處理中，請稍後再試" });
  return out;
}

const refuse = (list: Blocker[]) => {
  const [first] = list;
  if (first) throw conflict(first.code, first.message, { blockers: list });
};

/** The erasure itself; `who` is the member themselves or staff with the member's request. */
async function erase(
  d: ClosingDeps,
  memberId: number,
  who: { kind: "close" | "anonymise"; actor: string; ip: string; staff?: Actor; reason?: string },
) {
  const { parts } = d;
  const seller = (await d.shops.ownedBy(memberId)) !== undefined;
  return d.db.transaction(async (tx) => {
    // The member's row first (checkout holds it while an order is made: decision 78), then the loyalty account.
    const m = await parts.members.lockForClosing(tx, memberId);
    await d.loyalty.lockMember(tx, memberId);
    const balances = await d.loyalty.balances(memberId, tx);
    refuse(await blockers(d, tx, memberId, balances.wallet, seller));

    if (balances.points > 0) await d.loyalty.changePoints(tx, memberId, -balances.points, "帳號註銷，點數失效", CLOSED_REF);
    if (balances.wallet > 0)
      await d.loyalty.changeWallet(tx, memberId, -balances.wallet, "帳號註銷，未達提領門檻之錢包餘額失效", CLOSED_REF);
    await parts.loyalty.expireCoupons(tx, memberId);
    await parts.raffles.voidUnscratched(tx, memberId);
    const orderNos = await parts.orders.maskMember(tx, memberId);
    await parts.invoices.maskOrders(tx, orderNos);
    const contact = { memberId, phone: m.phone };
    const inquiryIds = await parts.support.erase(tx, contact);
    await parts.notifications.erase(tx, memberId, [
      ...orderNos.map((no) => `order:${no}`),
      ...inquiryIds.map((id) => `inquiry:${id}`),
    ]);
    await parts.payout.erase(tx, memberId);
    await parts.depot.maskTakeouts(tx, memberId);
    await parts.cart.erase(tx, memberId);
    await parts.restock.erase(tx, contact);
    await d.auth.revokeAll(tx, memberId);
    await parts.members.erase(tx, memberId);

    const detail = {
      orders_kept_masked: orderNos.length,
      points_forfeited: balances.points,
      wallet_forfeited: balances.wallet,
      ...(who.reason ? { reason: who.reason } : {}),
    };
    await parts.members.record(tx, { memberId, kind: who.kind, actor: who.actor, detail, ip: who.ip });
    if (who.staff)
      await d.staff.record(tx, who.staff, {
        action: "member.anonymise",
        entity: "member",
        entityId: memberId,
        before: { status: m.status },
        after: { status: "closed", ...detail },
      });
    return detail;
  });
}

/** The 個人資料 page: how to confirm, what stops closing now, what it would forfeit. */
export async function closingOverview(d: ClosingDeps, member: Member): Promise<Omit<PersonalDataOverview, "exports">> {
  const { points, wallet } = await d.loyalty.balances(member.id);
  const seller = (await d.shops.ownedBy(member.id)) !== undefined;
  return {
    confirm_with: member.passwordHash ? "password" : "sms",
    phone_hint: phoneHint(member.phone),
    blockers: await blockers(d, d.db, member.id, wallet, seller),
    forfeits: {
      points,
      wallet: (await withdrawable(d, d.db, wallet)) ? 0 : wallet,
      coupons: (await d.loyalty.usableCoupons(member.id)).length,
    },
  };
}

/** The code that confirms closing for a member without a password, to their own phone. */
export async function sendClosingCode(d: ClosingDeps, member: Member, ip: string) {
  if (member.passwordHash) throw conflict("CONFIRM_WITH_PASSWORD", "請以您的登入密碼確認註銷帳號");
  return d.auth.codes.send(
    member.phone,
    ip,
    (code) =>
      `【${d.brandName}】您正在申請註銷會員帳號，驗證碼 ${code}，10 分鐘內有效。若非本人操作，請勿提供此驗證碼並儘速聯繫客服。`,
    "close",
  );
}

/** The member closes their own account, confirmed by their password or the code sent to their phone. */
export async function closeAccount(d: ClosingDeps, member: Member, confirm: { password?: string; captcha?: string }, ip: string) {
  // What stops it is said before a password try or a code is spent on it.
  const { wallet } = await d.loyalty.balances(member.id);
  refuse(await blockers(d, d.db, member.id, wallet, (await d.shops.ownedBy(member.id)) !== undefined));
  if (member.passwordHash) {
    if (!confirm.password) throw fieldError("password", "請輸入登入密碼以確認註銷");
    try {
      await d.auth.checkPassword({ account: member.phone, password: confirm.password });
    } catch (error) {
      if (isDomainError(error, "WRONG_CREDENTIALS")) throw fieldError("password", "密碼不正確");
      throw error;
    }
  } else {
    if (!confirm.captcha) throw fieldError("captcha", "請輸入簡訊驗證碼");
    await d.auth.codes.consume(member.phone, confirm.captcha, "close");
  }
  return erase(d, member.id, { kind: "close", actor: `member:${member.id}`, ip });
}

/** Staff anonymise an account on the member's request (audited with the reason). */
export function anonymiseAccount(d: ClosingDeps, actor: Actor, memberId: number, reason: string) {
  return erase(d, memberId, {
    kind: "anonymise",
    actor: actorName(actor),
    ip: actor.ip,
    staff: actor,
    reason,
  });
}
