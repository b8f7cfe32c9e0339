import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { conflict, DomainError, type ErrorKind, isDomainError, notFound, tooManyRequests } from "../lib/errors.js";
import { registerErrorHandling } from "./errors.js";

async function answer(error: Error) {
  const app = Fastify();
  registerErrorHandling(app);
  app.get("/x", async () => {
    throw error;
  });
  const res = await app.inject({ method: "GET", url: "/x" });
  await app.close();
  return res;
}

describe("domain errors", () => {
  it("are answered with their kind's status, their zh-TW message and their code", async () => {
    const expected: Record<ErrorKind, number> = {
      invalid: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      too_large: 413,
      unsupported_media: 415,
      unprocessable: 422,
      rate_limited: 429,
      upstream_failed: 502,
      unavailable: 503,
    };
    for (const [kind, status] of Object.entries(expected) as Array<[ErrorKind, number]>) {
      const res = await answer(new DomainError(kind, "SOME_FAILURE", "出了點問題", { n: 1 }));
      expect(res.statusCode, kind).toBe(status);
      expect(res.headers["x-error-code"]).toBe("SOME_FAILURE");
      expect(res.json()).toEqual({ status: false, message: "出了點問題", data: { n: 1 } });
    }
  });

  it("vary by the page's language (x-page-lang), so a shared cache keeps each language's refusal apart", async () => {
    const res = await answer(notFound("GONE", "找不到此訂單"));
    expect(res.headers.vary).toBe("x-page-lang");
  });

  it("keep their own headers (retry-after) and data", async () => {
    const res = await answer(tooManyRequests("SMS_RESEND_TOO_SOON", "請稍後再試", 30));
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("30");
    expect(res.json().data).toEqual({ retry_after_s: 30 });
  });

  it("are recognised by code, not by status", () => {
    const stock = conflict("INSUFFICIENT_STOCK", "庫存不足");
    expect(isDomainError(stock, "INSUFFICIENT_STOCK")).toBe(true);
    expect(isDomainError(stock, "ORDER_STATE_CHANGED")).toBe(false);
    expect(isDomainError(new Error("INSUFFICIENT_STOCK"), "INSUFFICIENT_STOCK")).toBe(false);
    expect(notFound().code).toBe("NOT_FOUND");
  });
});
