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
  payment_url?: string;
  amount?: number;
  card_info?: { last_four?: string };
}

interface TradeRecord {
  rec_trade_id: string;
  order_number: string;
  amount: number;
  /** TapPay record_status: 0 authorised, 1 captured, 3 refunded, 4 pending (3-D Secure), -1 error. */
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
        merchant_id: cfg.merchantId,
        amount: req.amount,
        currency: "TWD",
        details: req.details.slice(0, 100),
        order_number: req.orderNumber,
        cardholder: req.cardholder,
        three_domain_secure: req.threeDomainSecure,
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
