import type { StaffLogin } from "@shop/contract/admin";
import type { AuthProvider } from "react-admin";
import { adminApi, session } from "./api";

export const authProvider: AuthProvider = {
  async login({ username, password, totp }: { username: string; password: string; totp?: string }) {
    const r = await adminApi<StaffLogin>("/auth/login", {
      body: { username, password, ...(totp ? { totp } : {}) },
    });
    session.set(r.token, r.staff);
  },
  async logout() {
    if (session.token()) await adminApi("/auth/logout", { body: {} }).catch(() => undefined);
    session.clear();
  },
  async checkAuth() {
    if (!session.token()) throw new Error("請先登入");
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401) {
      session.clear();
      throw new Error("登入已逾時，請重新登入");
    }
    // 403 is the server refusing this role: stay signed in and show its message.
  },
  async getIdentity() {
    const s = session.staff();
    if (!s) throw new Error("請先登入");
    return { id: s.id, fullName: `${s.name}（${s.username}）` };
  },
  async getPermissions() {
    return session.staff()?.permissions ?? [];
  },
};
