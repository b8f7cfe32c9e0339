import type { FieldError } from "@shop/contract";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DomainError, type ErrorKind } from "../lib/errors.js";
import { ENGLISH_ERRORS } from "../lib/errors-english.js";
import { englishOfBuilt } from "../lib/errors-english-patterns.js";
import { pageLangOf } from "../lib/page-lang.js";

/**
 * An English storefront page's refusals in English (lib/page-lang.ts): a literal message from the
 * table, one built with values from its pattern; a message with neither stays zh-TW.
 */
function wordsFor(request: FastifyRequest) {
  const english = pageLangOf(request.headers) === "en";
  const say = (zh: string) => {
    if (!english) return zh;
    if (Object.hasOwn(ENGLISH_ERRORS, zh)) return ENGLISH_ERRORS[zh] as string;
    return englishOfBuilt(zh) ?? zh;
  };
  return { english, say };
}

interface ZodIssueParams {
  keys?: string[];
}

/** A refusal's field errors (`data.errors`) in the page's language; any other data as it is. */
function withFieldsSaid(data: unknown, say: (zh: string) => string): unknown {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return data;
  const said = errors.map((e: FieldError) => (typeof e?.message === "string" ? { ...e, message: say(e.message) } : e));
  return { ...(data as object), errors: said };
}

/** Turns Fastify's validation list into our field errors. */
function fieldErrors(error: FastifyError): FieldError[] {
  const out: FieldError[] = [];
  for (const v of error.validation ?? []) {
    const base = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
    const keys = (v.params as ZodIssueParams | undefined)?.keys;
    if (v.keyword === "unrecognized_keys" && keys) {
      for (const k of keys) out.push({ field: base ? `${base}.${k}` : k, message: "不接受此欄位" });
    } else {
      out.push({ field: base, message: v.message ?? "格式錯誤" });
    }
  }
  return out;
}

// Fastify's own client errors, worded for people.
const FASTIFY_CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "請求內容不是有效的 JSON"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "請求內容不可為空"],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "請求內容過大"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "不支援的內容格式，請使用 application/json"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "請求內容長度錯誤"],
  FST_ERR_CTP_EMPTY_TYPE: [415, "缺少內容格式（Content-Type）"],
  FST_ERR_CTP_INVALID_TYPE: [415, "不支援的內容格式"],
};

/** PostgreSQL is unreachable or restarting (not a bug in the request): codes from pg and the server. */
function databaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code && ["ECONNREFUSED", "ECONNRESET", "57P01", "57P02", "57P03", "08000", "08003", "08006"].includes(e.code))
      return true;
    if (
      /Connection terminated|connection timeout|Client has encountered a connection error|not queryable|the database system is (shutting down|starting up)/i.test(
        e.message ?? "",
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The one place a domain failure's kind becomes an HTTP status. */
const STATUS_OF_KIND: Record<ErrorKind, number> = {
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

/** `report`: told of every unexpected error (a 500), e.g. the error reporter (operations/error-reporter.ts). */
export function registerErrorHandling(app: FastifyInstance, report: (error: Error, requestId: string) => void = () => {}) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { english, say } = wordsFor(request);
    reply.header("vary", "x-page-lang"); // a shared cache never hands one language's refusal to the other
    if (error instanceof DomainError) {
      return reply
        .code(STATUS_OF_KIND[error.kind])
        .headers({ ...error.headers, "x-error-code": error.code })
        .send({
          status: false,
          message: say(error.message),
          data: withFieldsSaid(error.data, say),
        });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const errors = fieldErrors(error).map((e) => ({ ...e, message: say(e.message) }));
      const first = errors[0]?.message;
      const invalid = say("輸入資料有誤");
      return reply
        .code(400)
        .header("x-error-code", "INVALID_INPUT")
        .send({
          status: false,
          message: first ? `${invalid}${english ? ": " : "："}${first}` : invalid,
          data: { errors },
        });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return reply.code(known[0]).send({ status: false, message: say(known[1]), data: null });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Any other client error from Fastify or a plugin: keep its code, give a generic message.
      request.log.info({ err: error }, "client error");
      return reply.code(error.statusCode).send({ status: false, message: say("請求格式錯誤"), data: null });
    }
    if (databaseUnavailable(error)) {
      // The pool reconnects by itself once the database is back; the client may retry.
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .code(503)
        .header("retry-after", "5")
        .send({ status: false, message: say("系統暫時忙碌，請稍後再試"), data: null });
    }
    request.log.error({ err: error }, "unhandled error");
    report(error, request.id);
    const code = english ? ` (code ${request.id})` : `（代碼 ${request.id}）`;
    return reply.code(500).send({ status: false, message: `${say("系統發生錯誤，請稍後再試")}${code}`, data: null });
  });
}
