import type { Invoice as InvoiceChoice } from "@shop/contract/invoice";
import { LRUCache } from "lru-cache";
import type { EcpayInvoiceClient } from "../../integrations/ecpay/einvoice.js";
import { fieldError } from "../../lib/errors.js";

const FOUND_MS = 10 * 60_000;
const MISSING_MS = 60_000;

/**
 * Checkout's check of a buyer's invoice choice with the tax platform (through the provider): a
 * mobile barcode or donation code that has the right format but does not exist is refused before
 * payment. Answers are kept a short while; when the provider cannot be reached the order goes on
 * (the issue job will say so), since a shopper must not be stopped by the invoice provider.
 */
export function createInvoiceChecks(provider: Pick<EcpayInvoiceClient, "barcodeExists" | "loveCodeExists">) {
  const answers = new LRUCache<string, boolean>({ max: 5000 });

  async function exists(key: string, ask: () => Promise<boolean>): Promise<boolean> {
    const known = answers.get(key);
    if (known !== undefined) return known;
    try {
      const found = await ask();
      answers.set(key, found, { ttl: found ? FOUND_MS : MISSING_MS });
      return found;
    } catch {
      return true;
    }
  }

  return {
    async check(choice: InvoiceChoice): Promise<void> {
      if (choice.type === "mobile" && !(await exists(`barcode:${choice.carrier}`, () => provider.barcodeExists(choice.carrier))))
        throw fieldError("invoice.carrier", "查無此手機條碼，請確認後再輸入（可於財政部電子發票 APP 查看）");
      if (
        choice.type === "donation" &&
        !(await exists(`love:${choice.donation_code}`, () => provider.loveCodeExists(choice.donation_code)))
      )
        throw fieldError("invoice.donation_code", "查無此捐贈碼，請確認受贈單位的愛心碼");
    },
  };
}
