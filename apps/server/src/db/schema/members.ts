import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    email: text("email"),
    /** Null for a member who registered through LINE, Google or Facebook without a password. */
    passwordHash: text("password_hash"),
    name: text("name").notNull(),
    nickname: text("nickname"),
    refcode: text("refcode").notNull(),
    uplineId: integer("upline_id"),
    /** YYYY-MM-DD; set once by the member (decision 95: the birthday reward). */
    birthday: text("birthday"),
    /** The storefront language the member last signed in on: messages to them alone use it (decision 109). */
    lang: text("lang", { enum: ["zh-TW", "en"] })
      .notNull()
      .default("zh-TW"),
    /** The shop the member registered in. */
    shopId: integer("shop_id").notNull().default(1),
    /** closed: the member closed the account or staff anonymised it (decision 78); never active again. */
    status: text("status", { enum: ["active", "disabled", "closed"] })
      .notNull()
      .default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The name's Chinese characters and character pairs (migration 0053's member_name_tokens),
     * kept by the database: staff find 陳志 among 300,000 members through its GIN index.
     */
    nameTokens: text("name_tokens").array().generatedAlwaysAs(sql`member_name_tokens(name)`),
  },
  (t) => [
    uniqueIndex("members_phone_key").on(t.phone),
    uniqueIndex("members_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("members_refcode_key").on(t.refcode),
    index("members_upline_idx").on(t.uplineId),
    // The back office finds members by the start of a phone number or 推薦碼 (issue 51).
    index("members_phone_prefix_idx").on(t.phone.op("text_pattern_ops")),
    index("members_refcode_prefix_idx").on(t.refcode.op("text_pattern_ops")),
    index("members_name_tokens_idx").using("gin", t.nameTokens),
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
    purpose: text("purpose", { enum: ["register", "password", "order", "restock", "close", "payout"] }).notNull(),
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

/**
 * A redirect sign-in in flight (LINE Login, Facebook, Google): the `state` we sent the provider and
 * the nonce its ID token must carry. Single use, short-lived.
 */
export const signInStates = pgTable("sign_in_states", {
  stateHash: text("state_hash").primaryKey(),
  provider: text("provider", { enum: ["google", "line", "facebook"] }).notNull(),
  nonce: text("nonce").notNull(),
  /** login: sign in or get a bind ticket; bind: add the identity to the signed-in member. */
  purpose: text("purpose", { enum: ["login", "bind"] }).notNull(),
  memberId: integer("member_id"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** An identity nobody is bound to yet, waiting for the visitor to bind an account or register. */
export const bindTickets = pgTable("bind_tickets", {
  ticketHash: text("ticket_hash").primaryKey(),
  provider: text("provider", { enum: ["google", "line", "facebook"] }).notNull(),
  subject: text("subject").notNull(),
  name: text("name").notNull().default(""),
  email: text("email"),
  /** Kept from the visit (sub-mall and referral code) for a registration. */
  shopId: integer("shop_id"),
  refcode: text("refcode"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** ID tokens already used, kept until they expire: the same token twice is a replay. */
export const usedIdTokens = pgTable("used_id_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Every export and erasure of personal data (個資法 art. 3, 10, 11; decision 78): a member's download,
 * a member closing the account, staff anonymising it on request, and each run of the guest-order
 * retention sweep that masked something. The audit log is staff-only; this is the member side.
 */
export const memberDataRequests = pgTable(
  "member_data_requests",
  {
    id: serial("id").primaryKey(),
    /** Null for the guest-order retention sweep. */
    memberId: integer("member_id"),
    kind: text("kind", { enum: ["export", "close", "anonymise", "guest_retention"] }).notNull(),
    /** "member:12", "staff:3:王小明" or "system". */
    actor: text("actor").notNull(),
    /** The export's format, staff's reason, what the sweep masked. */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull(),
    ip: text("ip").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("member_data_requests_member_idx").on(t.memberId, t.id)],
);
