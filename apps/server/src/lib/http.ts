import type { Envelope } from "@shop/contract";

export function ok<T>(data: T, message = "成功"): Envelope<T> {
  return { status: true, message, data };
}

/** The shop's public origin: PUBLIC_URL when configured, else the request's own. */
export function publicOrigin(config: { PUBLIC_URL?: string }, req: { protocol: string; host: string }): string {
  return config.PUBLIC_URL?.replace(/\/$/, "") ?? `${req.protocol}://${req.host}`;
}
