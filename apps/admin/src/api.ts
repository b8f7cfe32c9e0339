import type { StaffView } from "@shop/contract/admin";
import type { Envelope } from "@shop/contract/envelope";
import { HttpError } from "react-admin";

const TOKEN_KEY = "adminToken";
const STAFF_KEY = "adminStaff";

export const session = {
  token: () => localStorage.getItem(TOKEN_KEY),
  staff: (): StaffView | null => {
    try {
      return JSON.parse(localStorage.getItem(STAFF_KEY) ?? "null");
    } catch {
      return null;
    }
  },
  set(token: string, staff: StaffView) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(STAFF_KEY, JSON.stringify(staff));
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(STAFF_KEY);
  },
};

/**
 * Calls /api/admin/* with the staff token. Failures become react-admin's HttpError carrying the
 * server's zh-TW message and its field errors, which the forms show beside each input.
 */
export async function adminApi<T>(path: string, init: { method?: string; body?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`/api/admin${path}`, {
      method: init.method ?? (init.body !== undefined || init.form ? "POST" : "GET"),
      headers,
      body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
    });
  } catch {
    throw new HttpError("網路連線異常，請稍後再試", 0);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !envelope?.status) {
    const data = envelope?.data as { errors?: Array<{ field: string; message: string }> } | null;
    const errors = Object.fromEntries((data?.errors ?? []).map((e) => [e.field, e.message]));
    const message = response.status === 401 && envelope?.message === "logout" ? "登入已逾時，請重新登入" : envelope?.message;
    throw new HttpError(message ?? "伺服器回應異常", response.status, { errors, ...(data ?? {}) });
  }
  return envelope.data;
}

/** Downloads a file the API answers (the orders CSV) with the staff token. */
export async function download(path: string, filename: string) {
  const response = await fetch(`/api/admin${path}`, { headers: { authorization: `Bearer ${session.token() ?? ""}` } });
  if (!response.ok) throw new HttpError("下載失敗", response.status);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}
