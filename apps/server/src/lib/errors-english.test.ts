import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENGLISH_ERRORS } from "./errors-english.js";
import { serverDir } from "./server-dir.js";

// Every zh-TW error message written as a literal in the server or the contract's schemas must have an
// English version in ENGLISH_ERRORS. Messages built with ${…} cannot be listed and are not checked.

const ROOT = path.resolve(serverDir, "../..");
const HAN = /\p{Script=Han}/u;

/** The error helpers of lib/errors.ts, and the contract's dbId(message): the message is argument 1 unless listed. */
const HELPER_CALL =
  /(?<![\w$.])(new DomainError|badRequest|fieldError|unauthenticated|forbidden|notFound|conflict|unprocessable|unavailable|tooManyRequests|dbId)\(/g;
const MESSAGE_ARG: Record<string, number> = { "new DomainError": 2, dbId: 0 };
/** zod's `{ error: … }`. */
const ZOD_ERROR = /(?<![\w$.])error\s*:\s*/g;
/** The contract's addIssue / refine `{ message: … }`. */
const ISSUE_MESSAGE = /(?<![\w$.])message\s*:\s*/g;
/** A FieldError, `{ field: …, message: … }`. */
const FIELD_MESSAGE = /(?<![\w$.])field\s*:[^\n]*?\bmessage\s*:\s*/g;
/** A default message parameter, e.g. forbidden(code, message = "…") (lib/errors.ts only). */
const MESSAGE_DEFAULT = /(?<![\w$.])message\s*=\s*/g;
/** What a validator returns (zod's fallback messages, the card checks; those files only). */
const RETURNED = /(?<![\w$.])return\s+/g;
/** `const NAME = "…"`: what a message given as a bare NAME says. */
const CONSTANT = /(?<![\w$.])const\s+([A-Z][A-Z0-9_]*)\s*(?::\s*string\s*)?=\s*/g;
/** The error handler, whose every literal is an error reply. */
const ERROR_HANDLER = "apps/server/src/plugins/errors.ts";

const SOURCES: Record<string, RegExp[]> = {
  "apps/server/src": [HELPER_CALL, ZOD_ERROR, FIELD_MESSAGE],
  "packages/contract/src": [HELPER_CALL, ZOD_ERROR, ISSUE_MESSAGE],
};
const FILE_RULES: Record<string, RegExp[]> = {
  "apps/server/src/lib/errors.ts": [MESSAGE_DEFAULT],
  "packages/contract/src/zod.ts": [RETURNED],
  "packages/contract/src/card.ts": [RETURNED],
};

type Literal = { at: number; value: string; interpolated: boolean };
type Expr = { end: number; text: string; literals: Literal[] };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(file);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") && !e.name.endsWith(".d.ts") ? [file] : [];
  });
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "0": "\0", "\n": "" };
const decodeEscapes = (s: string) =>
  s.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_, e: string) =>
    /^[ux][{0-9a-fA-F]/.test(e) && e.length > 2
      ? String.fromCodePoint(Number.parseInt(e.replace(/[ux{}]/g, ""), 16))
      : (ESCAPES[e] ?? e),
  );

const REGEX_AFTER = /[(,=:[!&|?{};]\s*$/;

/** One expression from `start` to a top-level , ; ) ] or }, with its string literals (not those inside `${…}`). */
function readExpr(src: string, start: number): Expr {
  const literals: Literal[] = [];
  let i = start;
  let depth = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === "\\" ? 2 : 1;
      literals.push({ at: i, value: decodeEscapes(src.slice(i + 1, j)), interpolated: false });
      i = j + 1;
    } else if (c === "`") {
      let j = i + 1;
      let interpolated = false;
      while (j < src.length && src[j] !== "`") {
        if (src[j] === "\\") j += 2;
        else if (src[j] === "$" && src[j + 1] === "{") {
          interpolated = true;
          let inner = readExpr(src, j + 2);
          while (inner.end < src.length && src[inner.end] !== "}") inner = readExpr(src, inner.end + 1);
          j = inner.end + 1;
        } else j++;
      }
      literals.push({ at: i, value: decodeEscapes(src.slice(i + 1, j)), interpolated });
      i = j + 1;
    } else if (c === "/" && src[i + 1] === "/") {
      i = src.indexOf("\n", i) < 0 ? src.length : src.indexOf("\n", i);
    } else if (c === "/" && src[i + 1] === "*") {
      i = src.indexOf("*/", i) < 0 ? src.length : src.indexOf("*/", i) + 2;
    } else if (c === "/" && REGEX_AFTER.test(src.slice(Math.max(0, i - 20), i))) {
      let j = i + 1;
      for (let inClass = false; j < src.length && (src[j] !== "/" || inClass); j++) {
        if (src[j] === "\\") j++;
        else if (src[j] === "[") inClass = true;
        else if (src[j] === "]") inClass = false;
      }
      i = j + 1;
    } else {
      if ("([{".includes(c)) depth++;
      else if (")]}".includes(c)) {
        if (depth === 0) break;
        depth--;
      } else if ((c === "," || c === ";") && depth === 0) break;
      i++;
    }
  }
  return { end: i, text: src.slice(start, i).trim(), literals };
}

/** The argument `n` of the call whose "(" ends just before `i`, if it has one. */
function argument(src: string, i: number, n: number): Expr | undefined {
  let arg = readExpr(src, i);
  for (let k = 0; k < n; k++) {
    if (src[arg.end] !== ",") return undefined;
    arg = readExpr(src, arg.end + 1);
  }
  return arg.text ? arg : undefined;
}

/** The zh-TW error messages written as literals in the server and the contract's schemas, each with where it was first seen. */
function extractMessages(): Map<string, string> {
  const messages = new Map<string, string>();
  const constants = new Map<string, string>();
  const references: { name: string; where: string }[] = [];

  for (const [dir, rules] of Object.entries(SOURCES)) {
    for (const abs of sourceFiles(path.join(ROOT, dir))) {
      const file = path.relative(ROOT, abs).split(path.sep).join("/");
      const src = fs.readFileSync(abs, "utf8");
      const where = (at: number) => `${file}:${src.slice(0, at).split("\n").length}`;
      const take = (expr: Expr | undefined) => {
        if (!expr) return;
        if (/^[A-Z][A-Z0-9_]*$/.test(expr.text)) references.push({ name: expr.text, where: where(expr.end) });
        for (const l of expr.literals) {
          // A template with ${…} is not one message; it cannot be listed.
          if (HAN.test(l.value) && !l.interpolated && !messages.has(l.value)) messages.set(l.value, where(l.at));
        }
      };
      for (const m of src.matchAll(CONSTANT)) {
        const expr = readExpr(src, m.index + m[0].length);
        const [only, ...more] = expr.literals; // a lone plain literal, nothing else
        if (m[1] && only && !more.length && !only.interpolated && expr.text.length === only.value.length + 2) {
          constants.set(m[1], only.value);
        }
      }
      if (file === ERROR_HANDLER) {
        for (let i = 0; i < src.length; ) {
          const expr = readExpr(src, i);
          take(expr);
          i = expr.end + 1;
        }
        continue;
      }
      for (const rule of [...rules, ...(FILE_RULES[file] ?? [])]) {
        for (const m of src.matchAll(rule)) {
          const at = m.index + m[0].length;
          take(rule === HELPER_CALL ? argument(src, at, MESSAGE_ARG[m[1] ?? ""] ?? 1) : readExpr(src, at));
        }
      }
    }
  }
  for (const r of references) {
    const value = constants.get(r.name);
    if (value !== undefined && HAN.test(value) && !messages.has(value)) messages.set(value, r.where);
  }
  return messages;
}

describe("ENGLISH_ERRORS", () => {
  const messages = extractMessages();

  it("finds the messages (a broken pattern cannot pass by finding none)", () => {
    expect(messages.size).toBeGreaterThanOrEqual(150);
  });

  it("has an English version of every literal error message", () => {
    const missing = [...messages].filter(([zh]) => !Object.hasOwn(ENGLISH_ERRORS, zh)).map(([zh, at]) => `${at}  ${zh}`);
    expect(missing).toEqual([]);
  });

  it("has only English, non-empty translations", () => {
    const bad = Object.entries(ENGLISH_ERRORS).filter(
      ([, en]) => !en.trim() || HAN.test(en) || /[\u3000-\u303f\uff00-\uffef]/.test(en),
    );
    expect(bad).toEqual([]);
  });
});
