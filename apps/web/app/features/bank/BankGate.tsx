import type { BankOption } from "@shop/contract/bank";
import { lazy, Suspense, startTransition, use, useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api";
import { useToken } from "../../lib/auth";

// Loaded only for the few who need it: the first-load budget stays with the storefront.
const loadModal = () => import("./BankModal");
const BankModal = lazy(loadModal);

/** Asks for the bank modal from anywhere (e.g. a withdrawal without a payout account). */
const OPEN_BANK_EVENT = "shop:open-bank";
export const openBankModal = () => window.dispatchEvent(new Event(OPEN_BANK_EVENT));

/** What the modal opens with: the banks to choose from, or null when it is not needed. */
type Opening = Promise<BankOption[] | null>;

/** The banks of the official reference data; the modal's code loads meanwhile. */
const readBanks = (): Opening =>
  Promise.all([api<BankOption[]>("/api/reference/banks"), loadModal().catch(() => null)]).then(([r]) => (r.status ? r.data : []));

/** isBank: a member without a payout account is asked for one. */
const checkBank = (): Opening => api("/api/supmall/isBank", { body: {} }).then((r) => (r.status === true ? readBanks() : null));

/**
 * On start (and at sign-in), isBank decides whether the payout bank modal must be shown; a page
 * may also ask for it. Saved or put off (✕, Esc), the seller stays on the page they were on
 * (decision 44: the specification sent them home, which lost their place in the seller area).
 */
export function BankGate() {
  const token = useToken();
  // Each sign-in starts afresh: its own isBank answer, nothing asked for or put off yet.
  return token ? <SignedInBankGate key={token} /> : null;
}

function SignedInBankGate() {
  // Asked as the sign-in is first seen (no effect: the answer is read where it is shown).
  const [atStart, setAtStart] = useState(checkBank);
  const [requested, setRequested] = useState<Opening | null>(null);
  const [putOff, setPutOff] = useState<Opening | null>(null);

  // A page's request reads the banks as it is made.
  const ask = useCallback(() => startTransition(() => setRequested(readBanks())), []);
  useEffect(() => {
    window.addEventListener(OPEN_BANK_EVENT, ask);
    return () => window.removeEventListener(OPEN_BANK_EVENT, ask);
  }, [ask]);

  const close = () => {
    setRequested(null);
    setPutOff(atStart);
  };
  const opening = requested ?? (putOff === atStart ? null : atStart);
  if (!opening) return null;
  return (
    <Suspense fallback={null}>
      <OpenedBankModal
        opening={opening}
        onSaved={close}
        onDismiss={close}
        // The form stays as typed (a transition keeps it shown); isBank decides whether it is still needed.
        onFailed={() => startTransition(() => setAtStart(checkBank()))}
      />
    </Suspense>
  );
}

function OpenedBankModal({ opening, ...handlers }: { opening: Opening; onSaved(): void; onFailed(): void; onDismiss(): void }) {
  const banks = use(opening);
  return banks ? <BankModal banks={banks} {...handlers} /> : null;
}
