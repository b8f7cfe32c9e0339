import type { Address, CvsStore, PaymentMethodCode, ShipMethodCode } from "@shop/contract/order";
import { CVS_METHODS } from "@shop/contract/order";
import type { DeliveryTime } from "@shop/contract/shipping";

type InvoiceType = "member" | "mobile" | "donation" | "company";

/** The checkout form as the shopper fills it in (kept across a trip to the store map). */
export interface Draft {
  ship: ShipMethodCode | "";
  payment: PaymentMethodCode | "";
  /** Card instalments (0: paid at once). */
  instalment: number;
  name: string;
  phone: string;
  email: string;
  address: Address;
  cvs: CvsStore | null;
  /** 黑貓's delivery slot. */
  deliveryTime: DeliveryTime;
  invoiceType: InvoiceType;
  carrier: string;
  donationCode: string;
  taxId: string;
  title: string;
  couponId: number | "";
  /** A coupon code applied with 套用 (decision 92); "" when none. */
  couponCode: string;
  points: number;
  wallet: number;
  note: string;
  /** 加價購 taken: deal id → units (decision 93). */
  addons: Record<number, number>;
  /** 滿額贈 chosen: rule id → the gift's variant id. */
  gifts: Record<number, number>;
}

/** Sets one field of the draft. */
export type SetDraftField = <K extends keyof Draft>(key: K, value: Draft[K]) => void;
/** Sets several fields at once, from the draft as it is. */
export type UpdateDraft = (next: (d: Draft) => Partial<Draft>) => void;

export const EMPTY_DRAFT: Draft = {
  ship: "",
  payment: "",
  instalment: 0,
  name: "",
  phone: "",
  email: "",
  address: { zip: "", county: "", district: "", line: "" },
  cvs: null,
  deliveryTime: "any",
  invoiceType: "member",
  carrier: "",
  donationCode: "",
  taxId: "",
  title: "",
  couponId: "",
  couponCode: "",
  points: 0,
  wallet: 0,
  note: "",
  addons: {},
  gifts: {},
};

/** The quote's and the order's `addons` and `gifts` for the draft (none asked: absent). */
export function dealChoices(d: Pick<Draft, "addons" | "gifts">) {
  const addons = Object.entries(d.addons ?? {})
    .filter(([, qty]) => qty > 0)
    .map(([id, qty]) => ({ deal_id: Number(id), qty }));
  const gifts = Object.entries(d.gifts ?? {}).map(([id, variant]) => ({ rule_id: Number(id), variant_id: variant }));
  return { addons: addons.length > 0 ? addons : undefined, gifts: gifts.length > 0 ? gifts : undefined };
}

export const isCvs = (m: string): m is CvsStore["type"] => (CVS_METHODS as readonly string[]).includes(m);
