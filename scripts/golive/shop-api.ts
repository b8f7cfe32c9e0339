/* biome-ignore-all lint/suspicious/noExplicitAny: the rehearsal reads answers loosely; the server's own schemas check their shapes. */

/** A small client for the rehearsal: the shop's API over HTTP, as a browser or the back office calls it. */
export interface Answer<T = any> {
  status: number;
  body: { status: boolean; message: string; data: T };
  text: string;
}

export function shopApi(origin: string) {
  async function call<T = any>(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; form?: FormData | URLSearchParams; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${origin}${path}`, {
      method,
      headers,
      body: opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
      redirect: "manual",
    });
    const text = await res.text();
    let body: Answer<T>["body"] = { status: false, message: "", data: null as T };
    try {
      body = JSON.parse(text);
    } catch {
      // A page or a CSV: the text is the answer.
    }
    return { status: res.status, body, text };
  }
  /** The data of a call that must succeed; anything else stops the rehearsal with what the shop said. */
  async function must<T = any>(method: string, path: string, opts: Parameters<typeof call>[2] = {}): Promise<T> {
    const r = await call<T>(method, path, opts);
    if (r.status !== 200 || !r.body.status)
      throw new Error(`${method} ${path} → ${r.status} ${r.body.message || r.text.slice(0, 200)}`);
    return r.body.data;
  }
  return { call, must };
}

/** Waits until `check` returns a value (polled every 250 ms), or fails after `seconds`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined | null | false>, seconds = 30): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
