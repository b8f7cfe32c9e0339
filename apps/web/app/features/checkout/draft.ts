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
};

export const isCvs = (m: string): m is CvsStore["type"] => (CVS_METHODS as readonly string[]).includes(m);
