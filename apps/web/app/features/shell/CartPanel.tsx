import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";

// The panel's contents (and the cart calls, and its keyboard handling: focus, Tab, Escape) load
// only when a shopper opens it.
const CartContents = lazy(() => import("../cart/CartContents"));

/** The hidden cart side panel with a mask that closes it on click (specification §2). */
export default function CartPanel({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useLingui();
  return (
    <div aria-hidden={!open} inert={!open} className={open ? "" : "pointer-events-none"}>
      <button
        type="button"
        tabIndex={-1}
        aria-label={t`關閉購物車`}
        data-testid="cart-mask"
        onClick={onClose}
        className={`fixed inset-0 z-50 cursor-default bg-black/40 transition-opacity ${open ? "opacity-100" : "opacity-0"}`}
      />
      <aside
        id="cart-panel"
        role="dialog"
        aria-modal="true"
        aria-label={t`購物車`}
        data-testid="cart-panel"
        className={`fixed inset-y-0 right-0 z-50 flex w-[min(88vw,24rem)] flex-col bg-white shadow-xl transition-transform ${open ? "translate-x-0" : "translate-x-full"}`}
      >
        <div className="flex items-center justify-between border-b border-stone-200 p-4">
          <h2 className="text-lg font-bold">{t`購物車`}</h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded p-1 text-stone-600 hover:bg-stone-100"
            aria-label={t`關閉購物車`}
          >
            ✕
          </button>
        </div>
        {/* Remounted on each opening so the lines are fresh. */}
        {open && (
          <Suspense fallback={<p className="p-6 text-center text-stone-500">{t`載入中…`}</p>}>
            <CartContents onClose={onClose} />
          </Suspense>
        )}
      </aside>
    </div>
  );
}
