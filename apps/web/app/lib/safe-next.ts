/** Any origin will do: a path is safe when resolving it against one keeps that origin. */
const HERE = "https://shop.invalid";

/**
 * A post-sign-in destination (`?next=`) only when it is a path of this site: it starts with one
 * slash, holds no backslash, whitespace or control character (browsers read `/\evil.example` and
 * `/<tab>/evil.example` as `//evil.example`), and resolves to this origin. Anything else — `//host`,
 * `https:…`, `javascript:…`, a relative path — is undefined, and the caller goes to its default.
 */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next?.startsWith("/") || next.startsWith("//")) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(next)) return undefined;
  try {
    return new URL(next, HERE).origin === HERE ? next : undefined;
  } catch {
    return undefined;
  }
}
