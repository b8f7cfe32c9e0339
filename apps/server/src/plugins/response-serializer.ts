import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import type { z } from "zod";

/** Paths (a.b[0].c) of keys present in `sent` that the parsed answer dropped. */
function droppedKeys(sent: unknown, kept: unknown, at = ""): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((v, i) => droppedKeys(v, kept[i], `${at}[${i}]`));
  if (!sent || typeof sent !== "object" || !kept || typeof kept !== "object" || sent instanceof Date) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    const path = at ? `${at}.${key}` : key;
    if (value === undefined) continue;
    if (!(key in kept)) out.push(path);
    else out.push(...droppedKeys(value, (kept as Record<string, unknown>)[key], path));
  }
  return out;
}

/**
 * Serializes an answer through its route's response schema: what the schema does not list is
 * left out, so a view that forgets to drop a field does not leak it. With `strict` (development
 * and tests) an undeclared field fails the request instead, so a schema that is missing a field
 * is found before it ships.
 */
export function responseSerializer(strict: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = schema as z.ZodType;
    return (data) => {
      const result = zodSchema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (strict) {
        const dropped = droppedKeys(data, result.data);
        if (dropped.length > 0)
          throw new Error(`${method} ${url} answers fields its response schema does not declare: ${dropped.join(", ")}`);
      }
      return JSON.stringify(result.data);
    };
  };
}
