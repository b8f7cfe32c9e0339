import { useEffect } from "react";

/**
 * The hidden cart side panel with a mask that closes it on click (specification §2).
 * The cart itself is built in a later issue; until then the panel says so plainly.
 */
export function CartPanel({ open, onClose }: { open: boolean; onClose(): void }) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  return (
    <div aria-hidden={!open} inert={!open} className={open ? "" : "pointer-events-none"}>
      <button
        type="button"
        tabIndex={-1}
        aria-label="關閉購物車"
        data-testid="cart-mask"
        onClick={onClose}
        className={`fixed inset-0 z-50 cursor-default bg-black/40 transition-opacity ${open ? "opacity-100" : "opacity-0"}`}
      />
      <aside
        role="dialog"
        aria-modal="true"
        aria-label="購物車"
        data-testid="cart-panel"
        className={`fixed inset-y-0 right-0 z-50 flex w-[min(88vw,24rem)] flex-col bg-white shadow-xl transition-transform ${open ? "translate-x-0" : "translate-x-full"}`}
      >
        <div className="flex items-center justify-between border-b border-stone-200 p-4">
          <h2 className="text-lg font-bold">購物車</h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded p-1 text-stone-600 hover:bg-stone-100"
            aria-label="關閉購物車"
          >
            ✕
          </button>
        </div>
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-stone-600">
          <p className="font-medium text-stone-800">購物車功能即將推出</p>
          <p className="text-sm">這項功能尚未完成，目前還無法加入商品與結帳。</p>
        </div>
      </aside>
    </div>
  );
}
