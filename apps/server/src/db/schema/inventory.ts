import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every change to a variant's stock, with why and what caused it. `variants.stock` is the running
 * balance, changed only together with a movement in one transaction, so
 * stock = sum(delta) over a variant's movements, always.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id").notNull(),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: ["initial", "restock", "adjust", "reserve", "release"] }).notNull(),
    /** What caused it, e.g. "order:20261122123456". */
    ref: text("ref").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stock_movements_variant_idx").on(t.variantId, t.id), index("stock_movements_ref_idx").on(t.ref)],
);
