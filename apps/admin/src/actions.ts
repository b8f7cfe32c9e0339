import { useNotify, useRefresh } from "react-admin";
import { adminApi } from "./api";

/**
 * A back-office action button's call: POST to the admin API, say the outcome in a toast, reload
 * the page's data. Returns whether it worked (forms clear their fields then).
 */
export function useAdminAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  return async (path: string, body: unknown, success: string, method: "POST" | "PUT" = "POST") => {
    try {
      await adminApi(path, { method, body });
      notify(success, { type: "success" });
      refresh();
      return true;
    } catch (e) {
      notify((e as Error).message, { type: "error" });
      return false;
    }
  };
}
