import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../../lib/api";
import { useToken } from "../../lib/auth";
import { useShop } from "../../lib/shop";

// Loaded only for the few who need it: the first-load budget stays with the storefront.
const BankModal = lazy(() => import("./BankModal"));

/** Asks for the bank modal from anywhere (e.g. a withdrawal without a payout account). */
const OPEN_BANK_EVENT = "shop:open-bank";
export const openBankModal = () => window.dispatchEvent(new Event(OPEN_BANK_EVENT));

/**
 * On start (and at sign-in), isBank decides whether the payout bank modal must be shown; a page
 * may also ask for it. Opened by isBank, a saved account goes home (the specification); asked
 * for by a page, the shopper stays where they were.
 */
export function BankGate() {
  const token = useToken();
  const navigate = useNavigate();
  const shop = useShop();
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
        onSaved={() => {
          const from = open;
          setOpen(null);
          if (from === "start") navigate(shop.path("/"));
        }}
        // The form stays as typed; isBank decides whether it is still needed.
        onFailed={() => void check()}
      />
    </Suspense>
  );
}
