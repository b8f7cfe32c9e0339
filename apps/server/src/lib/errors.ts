import type { FieldError } from "@shop/contract";
import { LOGOUT_MESSAGE } from "@shop/contract";

/**
 * An expected failure: answered with its HTTP code and a zh-TW message, never logged as an error.
 * Services throw these; the error handler turns them into the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, errors: FieldError[] = []) => new AppError(400, message, { errors });
/** A 400 about one field, the common case for business validation. */
export const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);
export const unauthorized = () => new AppError(401, LOGOUT_MESSAGE);
export const forbidden = (message = "您沒有權限執行此操作") => new AppError(403, message);
export const notFound = (message = "找不到資料") => new AppError(404, message);
export const conflict = (message: string, data: unknown = null) => new AppError(409, message, data);
export const unprocessable = (message: string, data: unknown = null) => new AppError(422, message, data);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { retry_after_s: retryAfterSeconds }, { "retry-after": String(retryAfterSeconds) });

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

/** Runs a write; a clash on the named unique constraint becomes the given (4xx) error. */
export async function unlessUnique<T>(write: () => Promise<T>, constraint: string, error: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e, constraint)) throw error();
    throw e;
  }
}
