/**
 * TapPay's server API: Pay by Prime, the Record API (to confirm a 3-D Secure
 * notify, which carries no signature) and Refund. JSON over HTTPS with the partner key in the
 * x-api-key header and in the body.
 */
export interface TapPayConfig {
  baseUrl: string;
  partnerKey: string;
  merchantId: string;
  /** Injected for the simulator (in-process) and tests; global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface PayByPrimeRequest {
  prime: string;
  /** The method's own merchant (each TapPay method is a merchant of its own); the card's when absent. */
  merchantId?: string;
  /** Card instalments (分期期數); 0 or absent pays at once. */
  instalment?: number;
  amount: number;
  orderNumber: string;
  details: string;
  cardholder: { phone_number: string; name: string; email: string };
  threeDomainSecure: boolean;
  resultUrl: { frontend_redirect_url: string; backend_notify_url: string; go_back_url: string };
}

export interface PayByPrimeResult {
  status: number;
  msg: string;
  rec_trade_id?: string;
  /** 3-D Secure's page, or a wallet's (LINE Pay, JKO Pay, Easy Wallet, Atome). */
  payment_url?: string;
  amount?: number;
  card_info?: { last_four?: string };
  /**
   * A virtual account's details (⚠️ field names not confirmed in a primary source; read only by
   * `virtualAccountOf`, so one place changes if they differ).
   */
  vacc_info?: { bank_code?: string; vacc_no?: string; expire_time?: string };
}

/** The ATM account a virtual-account prime was paid into, or null. */
export function virtualAccountOf(r: PayByPrimeResult): { bankCode: string; account: string; expiresAt: Date } | null {
  const v = r.vacc_info;
  if (!v?.vacc_no || !v.bank_code || !v.expire_time) return null;
  const expiresAt = new Date(v.expire_time);
  return Number.isNaN(expiresAt.getTime()) ? null : { bankCode: v.bank_code, account: v.vacc_no, expiresAt };
}

interface TradeRecord {
  rec_trade_id: string;
  order_number: string;
  amount: number;
  /**
   * TapPay record_status: 0 authorised, 1 captured, 3 refunded, 4 pending (3-D Secure, a wallet's
   * page, an unpaid virtual account), -1 error or cancelled.
   */
  record_status: number;
}

export interface CardGateway {
  readonly simulated: boolean;
  payByPrime(req: PayByPrimeRequest): Promise<PayByPrimeResult>;
  record(recTradeId: string): Promise<TradeRecord | null>;
  /**
   * The trades of one order number (Record API `filters.order_number` ⚠️ not confirmed in a primary
   * source): how a charge whose answer never came is found afterwards.
   */
  recordsByOrder(orderNumber: string): Promise<TradeRecord[]>;
  refund(recTradeId: string, amount: number): Promise<{ status: number; msg: string }>;
}

class TapPayError extends Error {}

export function createTapPayClient(cfg: TapPayConfig, simulated = false): CardGateway {
  const doFetch = cfg.fetch ?? fetch;
  async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const response = await doFetch(`${cfg.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": cfg.partnerKey },
      body: JSON.stringify({ partner_key: cfg.partnerKey, ...body }),
      signal: AbortSignal.timeout(cfg.timeoutMs ?? 30_000),
    });
    if (!response.ok) throw new TapPayError(`TapPay ${path} answered HTTP ${response.status}`);
    return (await response.json()) as T;
  }

  return {
    simulated,
    payByPrime: (req) =>
      post<PayByPrimeResult>("/tpc/payment/pay-by-prime", {
        prime: req.prime,
        merchant_id: req.merchantId ?? cfg.merchantId,
        amount: req.amount,
        currency: "TWD",
        details: req.details.slice(0, 100),
        order_number: req.orderNumber,
        cardholder: req.cardholder,
        three_domain_secure: req.threeDomainSecure,
        ...(req.instalment ? { instalment: req.instalment } : {}),
        result_url: req.resultUrl,
      }),
    async record(recTradeId) {
      const r = await post<{ status: number; trade_records?: TradeRecord[] }>("/tpc/transaction/query", {
        records_per_page: 1,
        filters: { rec_trade_id: recTradeId },
      });
      return r.status === 0 ? (r.trade_records?.[0] ?? null) : null;
    },
    async recordsByOrder(orderNumber) {
      const r = await post<{ status: number; trade_records?: TradeRecord[] }>("/tpc/transaction/query", {
        records_per_page: 50,
        filters: { order_number: orderNumber },
      });
      return r.status === 0 ? (r.trade_records ?? []) : [];
    },
    refund: (recTradeId, amount) => post("/tpc/transaction/refund", { rec_trade_id: recTradeId, amount }),
  };
}
