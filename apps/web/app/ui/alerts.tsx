import { useLingui } from "@lingui/react/macro";
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { MessageDescriptor } from "../i18n/runtime";
import type { AlertKind, AlertRequest } from "./AlertDialog";

/**
 * What an alert says: text, or a message descriptor (`msg`) that the dialog puts in the page's
 * language when it shows — for an alert raised as the page starts, before an English page's
 * messages have all come.
 */
export type AlertMessage = string | MessageDescriptor;

const loadDialog = () => import("./AlertDialog");
// Offline (or a deploy replaced the file) the dialog's code may not come: the browser's own
// dialogs answer instead, so no alert is lost and no confirm waits for ever.
type DialogProps = { current: AlertRequest; close(confirmed: boolean): void };
const AlertDialog = lazy<React.ComponentType<DialogProps>>(() => loadDialog().catch(() => ({ default: NativeAlert })));

function NativeAlert({ current, close }: DialogProps) {
  const { t } = useLingui();
  const text = typeof current.message === "string" ? current.message : t(current.message);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per alert, in the words it has when it shows
  useEffect(
    // biome-ignore lint/complexity/noCommaOperator: the shortest form; this file is in every page's first load
    () => close(current.kind === "confirm" ? confirm(text) : (alert(text), true)),
    [current, close],
  );
  return null;
}

export interface Alerts {
  /**
   * A line at the top of the screen that goes by itself and needs no tap (announced politely):
   * for what succeeded or was sent. Dialogs are for what must be answered (`confirm`).
   */
  toast(message: string): void;
  error(message: AlertMessage, options?: { autoCloseMs?: number }): Promise<void>;
  success(message: AlertMessage): Promise<void>;
  remind(message: AlertMessage): Promise<void>;
  /** Resolves true when the user presses 確認, false on 取消 or Esc. */
  confirm(message: AlertMessage): Promise<boolean>;
}

const AlertContext = createContext<Alerts | null>(null);

/** The shop's alerts (the root's AlertProvider holds every page). */
export function useAlerts(): Alerts {
  return useContext(AlertContext) as Alerts;
}

/**
 * The shop's alert dialogs (錯誤 / 成功 / 提醒, button 確認), one at a time from a queue; closing the
 * last gives the focus back to what opened it. And the toast line (`toast`), always in the page as
 * a live region so what it says is announced.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<AlertRequest[]>([]);
  const current = queue[0];

  const push = useCallback(
    (kind: AlertKind, message: AlertMessage, autoCloseMs?: number) =>
      new Promise<boolean>((resolve) => {
        setQueue((q) => [...q, { kind, message, autoCloseMs, resolve }]);
      }),
    [],
  );

  const close = useCallback(
    // Only rendered with a `current`.
    (confirmed: boolean) => {
      current?.resolve(confirmed);
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

  const alerts = useMemo<Alerts>(() => {
    // Resolved when closed (their answer means nothing: only `confirm`'s does).
    const say = (kind: AlertKind) => (message: AlertMessage, options?: { autoCloseMs?: number }) =>
      push(kind, message, options?.autoCloseMs) as Promise<never>;
    return {
      // Its look, timer and live region come with the dialog's code, off the first load.
      toast: (message) =>
        void loadDialog().then(
          (d) => d.toast(message),
          () => alert(message),
        ),
      error: say("error"),
      success: say("success"),
      remind: say("remind"),
      confirm: (message) => push("confirm", message),
    };
  }, [push]);

  return (
    <AlertContext.Provider value={alerts}>
      {children}
      {current && (
        <Suspense>
          <AlertDialog current={current} close={close} />
        </Suspense>
      )}
    </AlertContext.Provider>
  );
}
