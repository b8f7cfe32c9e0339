import { randomUUID } from "node:crypto";

interface PushedLineMessage {
  to: string;
  text: string;
  retryKey: string;
  at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A local LINE Messaging API (push only) for the simulator and tests: it checks the bearer token,
 * the retry key and the body's shape as LINE does, answers a repeated retry key with 409 and
 * `x-line-accepted-request-id`, and keeps what it accepted. `failNext` makes the next pushes answer
 * a given status (a provider outage or a blocked user).
 */
export function createFakeLineMessaging(token: string) {
  const pushed: PushedLineMessage[] = [];
  const accepted = new Map<string, string>();
  const failures: number[] = [];
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (req.method !== "POST" || url.pathname !== "/v2/bot/message/push") return json(404, { message: "Not found" });
    if (req.headers.get("authorization") !== `Bearer ${token}`)
      return json(401, { message: "Authentication failed due to the following reason: invalid token." });
    const retryKey = req.headers.get("x-line-retry-key") ?? "";
    if (retryKey && !UUID.test(retryKey)) return json(400, { message: "The retry key must be a UUID" });
    const previous = accepted.get(retryKey);
    if (previous) return json(409, { message: "The retry key is already accepted" }, { "x-line-accepted-request-id": previous });
    const failure = failures.shift();
    if (failure) return json(failure, { message: failure >= 500 ? "Internal server error" : "Failed to send messages" });
    const body = (await req.json().catch(() => null)) as { to?: unknown; messages?: unknown } | null;
    const first = Array.isArray(body?.messages) ? (body.messages[0] as { type?: unknown; text?: unknown }) : undefined;
    if (typeof body?.to !== "string" || !body.to || first?.type !== "text" || typeof first.text !== "string" || !first.text)
      return json(400, { message: "The request body has 1 error(s)" });
    const requestId = randomUUID();
    if (retryKey) accepted.set(retryKey, requestId);
    pushed.push({ to: body.to, text: first.text, retryKey, at: new Date() });
    if (pushed.length > 1000) pushed.splice(0, pushed.length - 1000);
    return json(200, { sentMessages: [{ id: requestId }] }, { "x-line-request-id": requestId });
  }

  return {
    pushed,
    failNext(status: number, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    fetch: (async (input: string | URL | Request, init?: RequestInit) => handle(new Request(input, init))) as typeof fetch,
    handle,
  };
}

export type FakeLineMessaging = ReturnType<typeof createFakeLineMessaging>;
