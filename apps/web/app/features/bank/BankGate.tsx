import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../../lib/api";
import { useToken } from "../../lib/auth";
import { useShop } from "../../lib/shop";

// Loaded only for the few who need it: the first-load budget stays with the storefront.
const BankModal = lazy(() => import("./BankModal"));

/** On start (and at sign-in), isBank decides whether the payout bank modal must be shown. */
export function BankGate() {
  const token = useToken();
  const navigate = useNavigate();
  const shop = useShop();
  const [open, setOpen] = useState(false);

  const check = useCallback(async () => {
    if (!token) return setOpen(false);
    const r = await api("/api/supmall/isBank", { body: {} });
    setOpen(r.status === true);
  }, [token]);

  useEffect(() => {
    void check();
  }, [check]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <BankModal
        onSaved={() => {
          setOpen(false);
          navigate(shop.path("/"));
        }}
        // The form stays as typed; isBank decides whether it is still needed.
        onFailed={() => void check()}
      />
    </Suspense>
  );
}
