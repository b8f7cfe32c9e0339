import { useEffect, useRef } from "react";

const FOCUSABLE = "a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea,[tabindex='0']";

/**
 * The keyboard in a modal side panel (WCAG 2.1.2, 2.4.3): the focus moves into the panel when it
 * opens, Tab and Shift+Tab wrap inside it, Escape closes it, and the focus goes back to what opened
 * it when it closes on the same page. Called by the panel's lazily loaded contents, so the
 * first-load code pays nothing for it.
 */
export function usePanelFocus(panelId: string, onClose: () => void) {
  // The shell hands a new onClose on each render; the panel's opening stays one effect.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const panel = document.getElementById(panelId);
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const page = window.location.pathname;
    if (!panel.contains(opener)) panel.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") return close.current();
      if (e.key !== "Tab") return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const at = document.activeElement;
      const outside = !panel.contains(at);
      if (e.shiftKey && (at === first || outside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (at === last || outside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (opener?.isConnected && window.location.pathname === page) opener.focus();
    };
  }, [panelId]);
}
