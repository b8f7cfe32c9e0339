import english from "./errors-english.json" with { type: "json" };

/**
 * English versions of the server's zh-TW error messages, keyed by the exact zh-TW text, so English
 * pages can show them (decision 109). The table is data (errors-english.json, sorted by key):
 * every literal message given to the lib/errors.ts helpers and the contract's zod schemas;
 * errors-english.test.ts extracts those messages from the source and keeps it complete. Messages
 * built with ${…} are matched by errors-english-patterns.ts instead.
 */
export const ENGLISH_ERRORS: Readonly<Record<string, string>> = english;
