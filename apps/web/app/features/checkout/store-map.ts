import type { CvsStore } from "@shop/contract/order";
import { api } from "../../lib/api";
import { storage } from "../../lib/storage";
import type { Draft } from "./draft";

/**
 * Sends the shopper to ECPay's convenience-store map, keeping the form to restore on return
 * (to returnPath with ?cvs_token=). Answers the error message when the map cannot be opened.
 */
export async function openStoreMap(type: CvsStore["type"], returnPath: string, draft: Draft): Promise<string | undefined> {
  const mobile = window.matchMedia("(max-width: 767px)").matches;
  const r = await api<{ action: string; fields: Record<string, string> }>("/api/ecpay/mapCreateToken", {
    body: { cvs_type: type, device: mobile ? "mobile" : "pc", return_path: returnPath },
  });
  if (!r.status) return r.message;
  storage.setCheckoutDraft(JSON.stringify({ ...draft, ship: type, cvs: null }));
  const form = document.createElement("form");
  form.method = "post";
  form.action = r.data.action;
  for (const [k, v] of Object.entries(r.data.fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = k;
    input.value = v;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
