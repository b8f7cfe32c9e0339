// The contract's codes: every enum that both a request schema and a response schema name, in one
// file that imports nothing, so requests and responses never import each other (issue 46).

export const SHIP_METHOD_CODES = [
  "hct",
  "tcat",
  "post",
  "cvs_711",
  "cvs_family",
  "cvs_hilife",
  "cvs_ok",
  "depot",
  "self",
] as const;
export type ShipMethodCode = (typeof SHIP_METHOD_CODES)[number];
/** Home delivery through ECPay's contract (黑貓宅急便, 中華郵政): numbers, labels and status pushes from ECPay. */
export const ECPAY_HOME_METHODS = ["tcat", "post"] as const;
export type EcpayHomeMethod = (typeof ECPAY_HOME_METHODS)[number];
/** Methods that deliver to the buyer's address (the others to a store, or not at all). */
export const ADDRESS_METHODS = ["hct", "tcat", "post", "self"] as const;
export const deliversToAddress = (m: string): m is (typeof ADDRESS_METHODS)[number] =>
  (ADDRESS_METHODS as readonly string[]).includes(m);
export const CVS_METHODS = ["cvs_711", "cvs_family", "cvs_hilife", "cvs_ok"] as const;
export type CvsMethod = (typeof CVS_METHODS)[number];
export const PAYMENT_METHOD_CODES = [
  "card",
  "transfer",
  "cod",
  "points_wallet",
  "line_pay",
  "jko_pay",
  "easy_wallet",
  "atome",
  "apple_pay",
  "google_pay",
  "atm",
] as const;
export type PaymentMethodCode = (typeof PAYMENT_METHOD_CODES)[number];
export const ORDER_STATUS_CODES = [
  "pending_payment",
  "paid",
  "processing",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUS_CODES)[number];

/** The shipping states a seller sets by hand; "shipped" comes with a tracking number (updateSelfShip). */
export const SELLER_SHIP_STATUSES = ["processing", "delivered"] as const;

/** Staff roles (back office). The server enforces PERMISSIONS on every admin call. */
export const STAFF_ROLES = ["owner", "operator", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What each role may do. Support reads orders and members to answer customers; operators run the
 * shop day to day; only the owner manages staff and payment settings.
 */
export const PERMISSIONS = {
  "dashboard.read": ["owner", "operator", "support"],
  "catalogue.read": ["owner", "operator", "support"],
  "catalogue.write": ["owner", "operator"],
  "content.write": ["owner", "operator"],
  "orders.read": ["owner", "operator", "support"],
  "orders.write": ["owner", "operator"],
  "members.read": ["owner", "operator", "support"],
  "members.adjust": ["owner", "operator"],
  /** Closing a member's account and erasing their personal data on their request (decision 78). */
  "members.erase": ["owner", "operator"],
  "settings.read": ["owner", "operator", "support"],
  "settings.write": ["owner", "operator"],
  "audit.read": ["owner", "operator"],
  "staff.manage": ["owner"],
  "content.read": ["owner", "operator", "support"],
  "marketing.read": ["owner", "operator", "support"],
  "marketing.write": ["owner", "operator"],
  "payouts.read": ["owner", "operator", "support"],
  "payouts.write": ["owner", "operator"],
  /** Members' full bank account numbers (withdrawals); other roles see the last four digits (decision 79). */
  "bank_accounts.read": ["owner", "operator"],
  "shops.read": ["owner", "operator", "support"],
  "shops.write": ["owner", "operator"],
  "payments.write": ["owner"],
  /** Customer messages: the log, the test mailbox, sending a failed one again. */
  "messages.read": ["owner", "operator", "support"],
  "messages.write": ["owner", "operator", "support"],
  /** The inquiry inbox (聯絡我們, 訪客詢問): read, assign, reply, close. */
  "inquiries.read": ["owner", "operator", "support"],
  "inquiries.write": ["owner", "operator", "support"],
  /** 系統狀態: providers, stuck work and background jobs that gave up (retry or dismiss them). */
  "system.read": ["owner", "operator"],
  "system.write": ["owner", "operator"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;
