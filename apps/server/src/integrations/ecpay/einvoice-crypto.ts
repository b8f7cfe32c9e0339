import { createCipheriv, createDecipheriv } from "node:crypto";

/**
 * The ECPay e-invoice API v3's `Data` field: JSON, URL-encoded like PHP's `urlencode` (UTF-8,
 * space → `+`, everything but `A-Z a-z 0-9 - _ .` %-encoded), AES-128-CBC with PKCS7 padding under
 * the merchant's HashKey (key) and HashIV (IV), then Base64. Answers come back the same way.
 * Checked against the published example (einvoice-crypto.test.ts).
 */
export function phpUrlEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/** PHP's `urldecode`: `+` is a space. */
function phpUrlDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, "%20"));
}

function keyAndIv(hashKey: string, hashIV: string) {
  const key = Buffer.from(hashKey, "utf8");
  const iv = Buffer.from(hashIV, "utf8");
  if (key.length !== 16 || iv.length !== 16) throw new Error("ECPay HashKey and HashIV must be 16 bytes each");
  return { key, iv };
}

export function encryptInvoiceData(data: unknown, hashKey: string, hashIV: string): string {
  const { key, iv } = keyAndIv(hashKey, hashIV);
  const cipher = createCipheriv("aes-128-cbc", key, iv);
  return Buffer.concat([cipher.update(phpUrlEncode(JSON.stringify(data)), "utf8"), cipher.final()]).toString("base64");
}

/** The decrypted answer; throws when it does not decrypt or is not JSON (a wrong key, or tampering). */
export function decryptInvoiceData<T = Record<string, unknown>>(data: string, hashKey: string, hashIV: string): T {
  const { key, iv } = keyAndIv(hashKey, hashIV);
  const decipher = createDecipheriv("aes-128-cbc", key, iv);
  const plain = Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
  return JSON.parse(phpUrlDecode(plain)) as T;
}
