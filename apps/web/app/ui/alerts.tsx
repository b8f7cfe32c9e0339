import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

type Kind = "error" | "success" | "remind" | "confirm";

const TITLES: Record<Kind, string> = { error: "錯誤", success: "成功", remind: "提醒", confirm: "提醒" };

interface AlertRequest {
  kind: Kind;
  message: string;
  /** Closes by itself after this many ms (the spec's failed bank submit: 2000). */
  autoCloseMs?: number;
  resolve(confirmed: boolean): void;
}

export interface Alerts {
  error(message: string, options?: { autoCloseMs?: number }): Promise<void>;
  success(message: string): Promise<void>;
  remind(message: string): Promise<void>;
  /** Resolves true when the user presses 確認, false on 取消 or Esc. */
  confirm(message: string): Promise<boolean>;
}

const AlertContext = createContext<Alerts | null>(null);

export function useAlerts(): Alerts {
  const alerts = useContext(AlertContext);
  if (!alerts) throw new Error("useAlerts outside AlertProvider");
  return alerts;
}

/** The shop's alert dialogs (錯誤 / 成功 / 提醒, button 確認) on the native <dialog> element. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<AlertRequest[]>([]);
  const current = queue[0];
  const dialogRef = useRef<HTMLDialogElement>(null);

  const push = useCallback(
    (kind: Kind, message: string, autoCloseMs?: number) =>
      new Promise<boolean>((resolve) => setQueue((q) => [...q, { kind, message, autoCloseMs, resolve }])),
    [],
  );

  const close = useCallback(
    (confirmed: boolean) => {
      if (!current) return;
      current.resolve(confirmed);
      setQueue((q) => q.slice(1));
    },
    [current],
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (current && !dialog.open) dialog.showModal();
    if (!current && dialog.open) dialog.close();
    if (current?.autoCloseMs) {
      const timer = setTimeout(() => close(false), current.autoCloseMs);
      return () => clearTimeout(timer);
    }
  }, [current, close]);

  const alerts = useMemo<Alerts>(
    () => ({
      error: async (message, options) => void (await push("error", message, options?.autoCloseMs)),
      success: async (message) => void (await push("success", message)),
      remind: async (message) => void (await push("remind", message)),
      confirm: (message) => push("confirm", message),
    }),
    [push],
  );

  return (
    <AlertContext.Provider value={alerts}>
      {children}
      <dialog
        ref={dialogRef}
        aria-labelledby="alert-title"
        className="m-auto w-[min(90vw,24rem)] rounded-2xl p-0 shadow-xl backdrop:bg-black/40"
        onCancel={(e) => {
          e.preventDefault();
          close(false);
        }}
      >
        {current && (
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
        )}
      </dialog>
    </AlertContext.Provider>
  );
}

function AlertIcon({ kind }: { kind: Kind }) {
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
