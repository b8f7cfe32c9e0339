import { dbId, type Envelope, shopIdSchema } from "@shop/contract";
import { listQuery } from "@shop/contract/admin";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { StaffSession } from "../staff/service.js";

/** The Fastify instance the back-office routes are registered on (zod type provider). */
export type AdminApp = Parameters<FastifyPluginAsyncZod>[0];

/** What every back-office area's handlers share (made once in routes.ts). */
export interface AdminRouteKit {
  /** The signed-in staff member and the request's address, for the audit log. */
  actor(req: FastifyRequest): { staff: StaffSession["staff"]; ip: string };
  /** A page of a list (react-admin reads `total` and `items`). */
  paged<T>(r: { total: number; items: T[] }): Envelope<{ total: number; items: T[] }>;
  /** A write the storefront shows: its cached reads are dropped. */
  changed<T>(data: T, message: string): Envelope<T>;
}

export const idParam = z.object({ id: dbId("編號格式不正確") });
export const orderParam = z.object({ no: z.string().regex(/^\d{8,24}$/, { error: "訂單編號格式不正確" }) });
export const productFilter = listQuery.extend({
  category_id: dbId("分類編號格式不正確").optional(),
  status: z.enum(["on", "off"]).optional(),
});
export const shopFilter = listQuery.extend({ shop_id: shopIdSchema.optional() });
export const auditFilter = listQuery.extend({
  entity: z.string().max(30).optional(),
  entity_id: z.string().max(40).optional(),
});
