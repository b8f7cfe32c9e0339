import { DeliveryError } from "../delivery.js";

/**
 * Posts a signed form to ECPay logistics and returns the answer's text: no answer or a 5xx may be
 * tried again (DeliveryError final = false), a 4xx is final. Shipments and 逆物流 share it.
 */
export async function postEcpayForm(http: typeof fetch, url: string, fields: Record<string, string>): Promise<string> {
  let res: Response;
  try {
    res = await http(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new DeliveryError(false, `綠界物流無回應：${(error as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) throw new DeliveryError(res.status < 500, `綠界物流 HTTP ${res.status}`);
  return text;
}
