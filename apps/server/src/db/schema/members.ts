import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    email: text("email"),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    nickname: text("nickname"),
    refcode: text("refcode").notNull(),
    uplineId: integer("upline_id"),
    /** The shop the member registered in (product.md §3 binding). */
    shopId: integer("shop_id").notNull().default(1),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("members_phone_key").on(t.phone),
    uniqueIndex("members_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("members_refcode_key").on(t.refcode),
    index("members_upline_idx").on(t.uplineId),
  ],
);

/** Opaque bearer tokens; only the SHA-256 of a token is stored. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("auth_tokens_hash_key").on(t.tokenHash), index("auth_tokens_member_idx").on(t.memberId)],
);

/** SMS verification codes; the code itself is stored hashed. */
export const captchas = pgTable(
  "captchas",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    purpose: text("purpose", { enum: ["register", "password"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    ip: text("ip").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("captchas_phone_idx").on(t.phone, t.createdAt), index("captchas_ip_idx").on(t.ip, t.createdAt)],
);

/** A third-party sign-in (Google, LINE, Facebook) bound to a member: one per provider and member. */
export const memberIdentities = pgTable(
  "member_identities",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    provider: text("provider", { enum: ["google", "line", "facebook"] }).notNull(),
    /** The provider's stable user id (the ID token's `sub`). */
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("member_identities_subject_key").on(t.provider, t.subject),
    uniqueIndex("member_identities_member_key").on(t.memberId, t.provider),
  ],
);
