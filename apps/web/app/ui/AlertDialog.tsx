import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useLayoutEffect, useRef } from "react";
import type { MessageDescriptor } from "../i18n/runtime";
import type { AlertMessage } from "./alerts";

export type AlertKind = "error" | "success" | "remind" | "confirm";

export interface AlertRequest {
  kind: AlertKind;
  /** Text, or a descriptor the dialog says in the page's language (for alerts raised before the page's English has come). */
  message: AlertMessage;
  /** Closes by itself after this many ms (the spec's failed bank submit: 2000). */
  autoCloseMs?: number;
  resolve(confirmed: boolean): void;
}

// The last element focused outside a dialog, followed from when this code comes (at the first
// alert or once the page is idle): a pressed button is disabled (and so unfocused) while it works,
// and gets the focus back when its alert closes.
let lastFocus: Element | null = null;
if (typeof document !== "undefined") {
  document.addEventListener("focusin", (e) => {
    if (!(e.target as Element).closest("dialog")) lastFocus = e.target as Element;
  });
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;
let toastLine: HTMLElement | undefined;

/**
 * Shows `message` at the top of the screen for four seconds (the next one replaces it), in a live
 * region made on the first toast and kept: it is in the page before its first words, so they are
 * announced too.
 */
export function toast(message: string) {
  const fresh = !toastLine?.isConnected;
  if (fresh) {
    toastLine = document.createElement("p");
    toastLine.setAttribute("role", "status");
    toastLine.setAttribute("aria-live", "polite");
    document.body.append(toastLine);
  }
  const line = toastLine as HTMLElement;
  clearTimeout(toastTimer);
  setTimeout(
    () => {
      line.className =
        "pointer-events-none fixed inset-x-0 top-3 z-50 mx-auto w-fit max-w-md rounded-2xl bg-stone-900 px-4 py-3 text-center text-white shadow-lg";
      line.textContent = message;
      toastTimer = setTimeout(() => {
        line.textContent = "";
        line.className = "";
      }, 4000);
    },
    fresh ? 100 : 0,
  );
}

/** Focuses `el` once it can take it (a button comes back from disabled), unless something else has the focus by then. */
function refocus(el: Element | null | undefined, tries = 40) {
  requestAnimationFrame(() => {
    if (!(el instanceof HTMLElement) || !el.isConnected) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    if ((el as HTMLButtonElement).disabled) return void (tries > 0 && refocus(el, tries - 1));
    el.focus({ preventScroll: true });
  });
}

const TITLES: Record<AlertKind, MessageDescriptor> = {
  error: msg`錯誤`,
  success: msg`成功`,
  remind: msg`提醒`,
  confirm: msg`提醒`,
};

/** One alert on the native <dialog> element: 確認 (and 取消 for a confirm); Esc answers no. */
export default function AlertDialog({ current, close }: { current: AlertRequest; close(confirmed: boolean): void }) {
  const { t } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // When the last alert goes, the dialog is closed and the focus goes back to what opened the first
  // (the button pressed, once it is enabled again), which removing an open dialog would not do.
  const opener = useRef(document.activeElement === document.body ? lastFocus : document.activeElement);
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    return () => {
      if (dialog?.open) dialog.close();
      refocus(opener.current);
    };
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    if (current.autoCloseMs) {
      const timer = setTimeout(() => close(false), current.autoCloseMs);
      return () => clearTimeout(timer);
    }
  }, [current, close]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="alert-title"
      className="m-auto w-[min(90vw,24rem)] rounded-2xl p-0 shadow-xl backdrop:bg-black/40"
      onCancel={(e) => {
        e.preventDefault();
        close(false);
      }}
    >
      <div className="p-6 text-center" role={current.kind === "error" ? "alert" : undefined}>
        <AlertIcon kind={current.kind} />
        <h2 id="alert-title" className="mt-3 text-lg font-bold text-stone-800">
          {t(TITLES[current.kind])}
        </h2>
        <p className="mt-2 whitespace-pre-line text-stone-600">
          {typeof current.message === "string" ? current.message : t(current.message)}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          {current.kind === "confirm" && (
            <button type="button" className="btn-secondary min-w-24" onClick={() => close(false)}>
              {t`取消`}
            </button>
          )}
          <button type="button" className="btn-primary min-w-24" autoFocus onClick={() => close(true)}>
            {t`確認`}
          </button>
        </div>
      </div>
    </dialog>
  );
}

function AlertIcon({ kind }: { kind: AlertKind }) {
  const color =
    kind === "error"
      ? "bg-red-100 text-red-600"
      : kind === "success"
        ? "bg-emerald-100 text-emerald-700"
        : "bg-amber-100 text-amber-700";
  const glyph = kind === "error" ? "✕" : kind === "success" ? "✓" : "!";
  return (
    <span aria-hidden className={`mx-auto flex h-12 w-12 items-center justify-center rounded-full text-2xl font-bold ${color}`}>
      {glyph}
    </span>
  );
}
