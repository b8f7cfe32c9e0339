import type { Lang } from "@shop/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { returnRequests } from "../../db/schema/index.js";

type ReturnRow = typeof returnRequests.$inferSelect;
export type ReturnCarrier = NonNullable<ReturnRow["returnCarrier"]>;
type ReturnParcelStatus = ReturnRow["returnParcelStatus"];

/** The chains and 黑貓 as the buyer and staff read them. */
const RETURN_CARRIER_NAMES: Record<ReturnCarrier, string> = {
  cvs_711: "7-ELEVEN",
  cvs_family: "全家",
  cvs_hilife: "萊爾富",
  tcat: "黑貓宅急便",
};
const RETURN_PARCEL_LABELS: Record<ReturnParcelStatus, string> = {
  "": "",
  booked: "等待寄回",
  in_transit: "退貨包裹運送中",
  back: "包裹已退回",
};
/** A store keeps a return code 7 days ⚠️ (the usual term of ECPay's 逆物流). */
const STORE_CODE_DAYS = 7;

/** The chains and 黑貓 in English words. */
const RETURN_CARRIER_NAMES_EN: Record<ReturnCarrier, string> = {
  cvs_711: "7-ELEVEN",
  cvs_family: "FamilyMart",
  cvs_hilife: "Hi-Life",
  tcat: "T-Cat (Black Cat)",
};

/** What the buyer does with an approved return, in words ("" when the buyer arranges it). */
function sendBackHow(r: Pick<ReturnRow, "returnCarrier" | "storeReturnCode">, lang: Lang = "zh-TW"): string {
  const en = lang === "en";
  if (r.returnCarrier === "tcat")
    return en
      ? "T-Cat (Black Cat) will collect the parcel at your delivery address within 1–2 working days; please have it ready (no shipping fee)."
      : "黑貓宅急便將於 1–2 個工作天內至您的收件地址取件，請備妥包裹（免付運費）。";
  if (r.returnCarrier && r.storeReturnCode)
    return en
      ? `Within ${STORE_CODE_DAYS} days, send it back from any ${RETURN_CARRIER_NAMES_EN[r.returnCarrier]} store with return number ${r.storeReturnCode} (no shipping fee).`
      : `請於 ${STORE_CODE_DAYS} 天內至任一 ${RETURN_CARRIER_NAMES[r.returnCarrier]} 門市，以退貨編號 ${r.storeReturnCode} 寄回（免付運費）。`;
  return "";
}

/**
 * What the approval notice tells the buyer: the carrier's instructions, a store-return code, or the
 * address, and staff's note — in the order's language (decision 109); the address and staff's note
 * are kept as written.
 */
export function sendBackText(
  r: Pick<ReturnRow, "returnCarrier" | "storeReturnCode">,
  address: string,
  note: string,
  lang: Lang = "zh-TW",
) {
  const en = lang === "en";
  const elsewise = r.storeReturnCode
    ? en
      ? `Send the goods back from a convenience store with return code ${r.storeReturnCode}.`
      : `請至超商以退貨寄件代碼 ${r.storeReturnCode} 寄回商品。`
    : address
      ? en
        ? `Please send the goods back to: ${address}`
        : `請將商品寄回：${address}`
      : en
        ? "Please send the goods back as customer service tells you."
        : "請依客服指示寄回商品。";
  return [sendBackHow(r, lang) || elsewise, note].filter(Boolean).join("\n");
}

/** The parcel's part of the buyer's view. */
export function parcelView(r: ReturnRow) {
  return {
    carrier: r.returnCarrier,
    how: sendBackHow(r),
    parcel_status: r.returnParcelStatus,
    parcel_label: RETURN_PARCEL_LABELS[r.returnParcelStatus],
  };
}

/** What each parcel status may move from (never backwards). */
const MOVES_FROM: Record<"in_transit" | "back", ReturnParcelStatus[]> = {
  in_transit: ["booked"],
  back: ["booked", "in_transit"],
};

/** Moves an approved request's return parcel forward inside the caller's transaction; false when it was already there or beyond. */
export async function moveParcel(tx: Tx, r: ReturnRow, to: "in_transit" | "back", at: Date) {
  // Refunded or rejected meanwhile: the carrier's code is still recorded (and answered `1|OK`), nothing moves.
  if (r.status !== "approved" && r.status !== "received") return null;
  const [moved] = await tx
    .update(returnRequests)
    .set({ returnParcelStatus: to, updatedAt: at })
    .where(and(eq(returnRequests.id, r.id), inArray(returnRequests.returnParcelStatus, MOVES_FROM[to])))
    .returning();
  return moved ?? null;
}
