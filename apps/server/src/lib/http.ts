import type { Envelope } from "@shop/contract";

export function ok<T>(data: T, message = "成功"): Envelope<T> {
  return { status: true, message, data };
}
