import { RETURN_KINDS, type ReturnKind, type ReturnStatus } from "@shop/contract";

/** What each staff step needs the request to be in, and the notice the buyer gets (in the order's language). */
export const STEPS = {
  approve: {
    from: ["requested"],
    to: "approved",
    title: (k: ReturnKind) => `${RETURN_KINDS[k]}申請已核准，請寄回商品`,
    titleEn: (k: ReturnKind) => `your ${k} request is approved; please send the goods back`,
  },
  reject: {
    from: ["requested", "approved"],
    to: "rejected",
    title: (k: ReturnKind) => `${RETURN_KINDS[k]}申請未通過`,
    titleEn: (k: ReturnKind) => `your ${k} request was not approved`,
  },
  receive: {
    from: ["approved"],
    to: "received",
    title: (k: ReturnKind) => (k === "exchange" ? "已收到您退回的商品，將盡快寄出換貨商品" : "已收到您退回的商品，將盡快退款"),
    titleEn: (k: ReturnKind) =>
      k === "exchange"
        ? "we have your returned goods and will send the exchange soon"
        : "we have your returned goods and will refund you soon",
  },
} as const satisfies Record<
  string,
  { from: readonly ReturnStatus[]; to: ReturnStatus; title: (k: ReturnKind) => string; titleEn: (k: ReturnKind) => string }
>;
export type ReturnStep = keyof typeof STEPS;
