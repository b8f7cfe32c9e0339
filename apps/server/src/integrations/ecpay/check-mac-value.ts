import { createHash } from "node:crypto";

/**
 * ECPay's CheckMacValue: fields sorted case-insensitively, wrapped in HashKey
 * and HashIV, URL-encoded like PHP's urlencode then lower-cased with .NET's unencoded characters
 * restored, hashed (SHA-256 for payments, MD5 for logistics) and upper-cased.
 */
export function checkMacValue(
  fields: Record<string, string | number>,
  hashKey: string,
  hashIV: string,
  algorithm: "sha256" | "md5",
): string {
  const keys = Object.keys(fields)
    .filter((k) => k.toLowerCase() !== "checkmacvalue")
    .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  const raw = `HashKey=${hashKey}&${keys.map((k) => `${k}=${fields[k]}`).join("&")}&HashIV=${hashIV}`;
  const encoded = encodeURIComponent(raw)
    .replace(/'/g, "%27")
    .replace(/~/g, "%7E")
    .replace(/%20/g, "+")
    .replace(/!/g, "%21")
    .replace(/\(/g, "%28")
    .replace(/\)/g, "%29")
    .replace(/\*/g, "%2A")
    .toLowerCase()
    .replace(/%2d/g, "-")
    .replace(/%5f/g, "_")
    .replace(/%2e/g, ".")
    .replace(/%21/g, "!")
    .replace(/%2a/g, "*")
    .replace(/%28/g, "(")
    .replace(/%29/g, ")");
  return createHash(algorithm).update(encoded).digest("hex").toUpperCase();
}

/** Constant-time comparison of a received CheckMacValue. */
export function verifyCheckMacValue(
  fields: Record<string, string>,
  hashKey: string,
  hashIV: string,
  algorithm: "sha256" | "md5",
): boolean {
  const received = fields.CheckMacValue ?? "";
  const expected = checkMacValue(fields, hashKey, hashIV, algorithm);
  return (
    received.length === expected.length &&
    createHash("sha256").update(received).digest().equals(createHash("sha256").update(expected).digest())
  );
}
