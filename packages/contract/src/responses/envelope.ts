import { z } from "../zod.js";

/**
 * Response schemas: what each API operation answers. The server declares them on every route
 * (serialization keeps only what they list; /api/openapi.json documents them); the apps derive
 * their types from them. Kept out of the package root so no storefront bundle carries them.
 */

/** The envelope every JSON answer has (see ../envelope.ts). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.boolean(), message: z.string(), data });

/** A route's response map: the envelope around `data` on success; refusals are the error envelope. */
export const answers = <T extends z.ZodType>(data: T) => ({ 200: envelope(data) });

/** An answer that carries only its message. */
export const messageOnly = answers(z.null());

/** A page of a list. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });

/** A page of a back-office list: react-admin reads `total` and `items`. */
export const adminPage = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });

/** A non-JSON answer (HTML, CSV, plain text, an image): documented, sent as is. */
export const raw = (contentType: string, description: string) => ({
  200: z.string().describe(`${contentType}: ${description}`),
});

/** A binary answer (an image stream): documented, sent as is. */
export const binary = (contentType: string, description: string) => ({
  200: z.any().describe(`${contentType}: ${description}`),
});

/** A redirect (303/302) with no body. */
export const redirect = (description: string) => ({ 302: z.null().describe(description), 303: z.null().describe(description) });
