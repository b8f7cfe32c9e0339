import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** The shop's staff (back office), kept apart from members: own accounts, own tokens. */
export const staff = pgTable(
  "staff",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["owner", "operator", "support"] }).notNull(),
    /** Base32 TOTP secret once the second factor is switched on; pending until confirmed. */
    totpSecret: text("totp_secret"),
    totpPending: text("totp_pending"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /**
     * The TOTP time step (Unix time / 30 s) of the last code accepted: a code of that step or an
     * earlier one is refused, so each code signs in once (RFC 6238 §5.2; decision 79).
     */
    totpLastStep: integer("totp_last_step").notNull().default(0),
  },
  (t) => [uniqueIndex("staff_username_key").on(t.username)],
);

/** Staff sessions: only the token's SHA-256 is kept, with where and from what it signed in. */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** How the back office names a session (to list and revoke it) without its hash. */
    id: serial("id").notNull(),
    staffId: integer("staff_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Updated at most once a minute by the requests the session makes. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** The address and browser that signed in (user agent cut to 300 characters). */
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("staff_tokens_staff_idx").on(t.staffId), uniqueIndex("staff_tokens_id_key").on(t.id)],
);

/**
 * Sign-in attempts per staff username, from whatever address (decision 79), kept for names that
 * are no account too, so a lock tells nothing about which accounts exist. Each attempt is counted
 * before the password is checked; the fifth failure locks the name for 15 minutes, each lock after
 * it twice as long (up to a day). A full sign-in or the owner clears it.
 */
export const staffSignInGuards = pgTable("staff_sign_in_guards", {
  username: text("username").primaryKey(),
  /** Attempts since the last success, unlock or expired lock (counted when they start). */
  failures: integer("failures").notNull().default(0),
  /** Locks so far in this run of failures: the next lasts 15 min × 2^locks. */
  locks: integer("locks").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Every change staff make: who, when, what, and the record before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id").notNull(),
    staffName: text("staff_name").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_entity_idx").on(t.entity, t.entityId), index("audit_log_at_idx").on(t.at)],
);
