import { useEffect, useLayoutEffect, useRef } from "react";

export type AlertKind = "error" | "success" | "remind" | "confirm";

export interface AlertRequest {
  kind: AlertKind;
  message: string;
  /** Closes by itself after this many ms (the spec's failed bank submit: 2000). */
  autoCloseMs?: number;
  resolve(confirmed: boolean): void;
}

const TITLES: Record<AlertKind, string> = { error: "錯誤", success: "成功", remind: "提醒", confirm: "提醒" };

/** One alert on the native <dialog> element: 確認 (and 取消 for a confirm); Esc answers no. */
export default function AlertDialog({ current, close }: { current: AlertRequest; close(confirmed: boolean): void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // When the last alert goes, the dialog is closed and the focus goes back to what had it (the
  // button pressed), which removing an open dialog would not do.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    const before = document.activeElement;
    return () => {
      if (dialog?.open) dialog.close();
      if (before instanceof HTMLElement && before !== document.body && before.isConnected) before.focus({ preventScroll: true });
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
          {TITLES[current.kind]}
        </h2>
        <p className="mt-2 whitespace-pre-line text-stone-600">{current.message}</p>
        <div className="mt-6 flex justify-center gap-3">
          {current.kind === "confirm" && (
            <button type="button" className="btn-secondary min-w-24" onClick={() => close(false)}>
              取消
            </button>
          )}
          <button type="button" className="btn-primary min-w-24" autoFocus onClick={() => close(true)}>
            確認
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
