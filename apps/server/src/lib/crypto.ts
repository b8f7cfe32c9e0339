import { createHash, randomBytes, randomInt } from "node:crypto";

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** 256 bits, URL-safe: the bearer token handed to the client (only its hash is stored). */
export const newToken = () => randomBytes(32).toString("base64url");

export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

// No 0/O, 1/I/L: codes are read aloud and typed from screenshots.
const REFCODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export function newRefcode(length = 8): string {
  let code = "";
  for (let i = 0; i < length; i++) code += REFCODE_ALPHABET[randomInt(0, REFCODE_ALPHABET.length)];
  return code;
}
