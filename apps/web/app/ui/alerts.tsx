import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { AlertKind, AlertRequest } from "./AlertDialog";

const loadDialog = () => import("./AlertDialog");
// Offline (or a deploy replaced the file) the dialog's code may not come: the browser's own
// dialogs answer instead, so no alert is lost and no confirm waits for ever.
type DialogProps = { current: AlertRequest; close(confirmed: boolean): void };
const AlertDialog = lazy<React.ComponentType<DialogProps>>(() => loadDialog().catch(() => ({ default: NativeAlert })));

function NativeAlert({ current, close }: DialogProps) {
  useEffect(() => {
    if (current.kind === "confirm") close(window.confirm(current.message));
    else {
      window.alert(current.message);
      close(true);
    }
  }, [current, close]);
  return null;
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

/** The shop's alert dialogs (錯誤 / 成功 / 提醒, button 確認), one at a time from a queue. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<AlertRequest[]>([]);
  const current = queue[0];

  const push = useCallback(
    (kind: AlertKind, message: string, autoCloseMs?: number) =>
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

  // The dialog's code comes when the first alert is raised (or once the page is idle): it is not
  // part of any page's first load.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1500));
    idle(() => void loadDialog());
  }, []);

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
      {current && (
        <Suspense fallback={null}>
          <AlertDialog current={current} close={close} />
        </Suspense>
      )}
    </AlertContext.Provider>
  );
}
