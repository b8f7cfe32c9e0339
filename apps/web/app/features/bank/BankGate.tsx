import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api";
import { useToken } from "../../lib/auth";

// Loaded only for the few who need it: the first-load budget stays with the storefront.
const BankModal = lazy(() => import("./BankModal"));

/** Asks for the bank modal from anywhere (e.g. a withdrawal without a payout account). */
const OPEN_BANK_EVENT = "shop:open-bank";
export const openBankModal = () => window.dispatchEvent(new Event(OPEN_BANK_EVENT));

/**
 * On start (and at sign-in), isBank decides whether the payout bank modal must be shown; a page
 * may also ask for it. Saved or put off (✕, Esc), the seller stays on the page they were on
 * (decision 44: the specification sent them home, which lost their place in the seller area).
 */
export function BankGate() {
  const token = useToken();
  const [open, setOpen] = useState<null | "start" | "requested">(null);

  const check = useCallback(async () => {
    if (!token) return setOpen(null);
    const r = await api("/api/supmall/isBank", { body: {} });
    setOpen((current) => (r.status === true ? "start" : current === "requested" ? current : null));
  }, [token]);

  useEffect(() => {
    void check();
  }, [check]);
  useEffect(() => {
    const ask = () => setOpen("requested");
    window.addEventListener(OPEN_BANK_EVENT, ask);
    return () => window.removeEventListener(OPEN_BANK_EVENT, ask);
  }, []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <BankModal
        onSaved={() => setOpen(null)}
        onDismiss={() => setOpen(null)}
        // The form stays as typed; isBank decides whether it is still needed.
        onFailed={() => void check()}
      />
    </Suspense>
  );
}
