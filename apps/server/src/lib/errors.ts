import type { FieldError } from "@shop/contract";
import { LOGOUT_MESSAGE } from "@shop/contract";

/**
 * What went wrong, in domain terms. Services say which kind; plugins/errors.ts alone decides the
 * HTTP status each kind is answered with.
 */
export type ErrorKind =
  | "invalid" // the input breaks a rule
  | "unauthenticated" // no valid session, or the credentials are wrong
  | "forbidden" // signed in, but not allowed
  | "not_found"
  | "conflict" // the state of things does not allow it (now)
  | "unprocessable" // well-formed, but something must happen first (e.g. set a bank account)
  | "rate_limited"
  | "too_large"
  | "unsupported_media"
  | "unavailable" // a dependency is down; retry later
  | "upstream_failed"; // a provider answered wrongly

type Capital =
  | "A"
  | "B"
  | "C"
  | "D"
  | "E"
  | "F"
  | "G"
  | "H"
  | "I"
  | "J"
  | "K"
  | "L"
  | "M"
  | "N"
  | "O"
  | "P"
  | "Q"
  | "R"
  | "S"
  | "T"
  | "U"
  | "V"
  | "W"
  | "X"
  | "Y"
  | "Z";
/** A stable, machine-readable name for one failure, e.g. ORDER_NOT_CANCELLABLE (a message does not type-check here). */
export type ErrorCode = `${Capital}${Uppercase<string>}`;

/**
 * An expected failure: answered with its kind's HTTP status, a zh-TW message and its code (header
 * `x-error-code`), never logged as an error. Callers that react to a failure test its code, not a
 * status.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** True when `error` is the domain failure named `code`. */
export const isDomainError = (error: unknown, code: ErrorCode): error is DomainError =>
  error instanceof DomainError && error.code === code;

export const badRequest = (code: ErrorCode, message: string, errors: FieldError[] = []) =>
  new DomainError("invalid", code, message, { errors });
/** A refusal about one field, the common case for business validation; the field says what. */
export const fieldError = (field: string, message: string) => badRequest("INVALID_FIELD", message, [{ field, message }]);
export const unauthorized = () => new DomainError("unauthenticated", "SESSION_REQUIRED", LOGOUT_MESSAGE);
export const unauthenticated = (code: ErrorCode, message: string, data: unknown = null) =>
  new DomainError("unauthenticated", code, message, data);
export const forbidden = (code: ErrorCode = "FORBIDDEN", message = "您沒有權限執行此操作") =>
  new DomainError("forbidden", code, message);
export const notFound = (code: ErrorCode = "NOT_FOUND", message = "找不到資料") => new DomainError("not_found", code, message);
export const conflict = (code: ErrorCode, message: string, data: unknown = null) =>
  new DomainError("conflict", code, message, data);
export const unprocessable = (code: ErrorCode, message: string, data: unknown = null) =>
  new DomainError("unprocessable", code, message, data);
export const unavailable = (code: ErrorCode, message: string) => new DomainError("unavailable", code, message);
export const tooManyRequests = (code: ErrorCode, message: string, retryAfterSeconds: number) =>
  new DomainError(
    "rate_limited",
    code,
    message,
    { retry_after_s: retryAfterSeconds },
    { "retry-after": String(retryAfterSeconds) },
  );

/** PostgreSQL unique_violation, the same code on PGlite and on a server. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  // Drizzle wraps driver errors; walk the cause chain.
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (e.code === "23505") {
      return !constraint || e.constraint === constraint || (e.message ?? "").includes(constraint);
    }
    current = e.cause;
  }
  return false;
}

/** Runs a write; a clash on the named unique constraint becomes the given domain error. */
export async function unlessUnique<T>(write: () => Promise<T>, constraint: string, error: () => DomainError): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e, constraint)) throw error();
    throw e;
  }
}
