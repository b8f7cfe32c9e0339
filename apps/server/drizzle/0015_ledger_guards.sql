-- Ledger invariants held by the database itself (issue 5): a balance never goes below zero, it
-- moves only when a ledger entry is written (so it always equals the sum of its entries), and
-- entries are never edited or deleted — a correction is a new entry.
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_points_nonnegative" CHECK ("points" >= 0);--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_wallet_nonnegative" CHECK ("wallet" >= 0);--> statement-breakpoint
CREATE FUNCTION "loyalty_apply_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "loyalty_accounts" ("member_id") VALUES (NEW."member_id") ON CONFLICT DO NOTHING;
  IF TG_TABLE_NAME = 'point_entries' THEN
    UPDATE "loyalty_accounts" SET "points" = "points" + NEW."delta" WHERE "member_id" = NEW."member_id";
  ELSE
    UPDATE "loyalty_accounts" SET "wallet" = "wallet" + NEW."delta" WHERE "member_id" = NEW."member_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "point_entries_apply" AFTER INSERT ON "point_entries" FOR EACH ROW EXECUTE FUNCTION "loyalty_apply_entry"();--> statement-breakpoint
CREATE TRIGGER "wallet_entries_apply" AFTER INSERT ON "wallet_entries" FOR EACH ROW EXECUTE FUNCTION "loyalty_apply_entry"();--> statement-breakpoint
CREATE FUNCTION "loyalty_balance_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Depth 1 is a statement from the application; the ledger trigger's own update runs at depth 2.
  IF pg_trigger_depth() < 2 THEN
    IF TG_OP = 'INSERT' AND (NEW."points" <> 0 OR NEW."wallet" <> 0) THEN
      RAISE EXCEPTION 'loyalty balances start at zero and change only through ledger entries';
    END IF;
    IF TG_OP = 'UPDATE' AND (NEW."points" <> OLD."points" OR NEW."wallet" <> OLD."wallet") THEN
      RAISE EXCEPTION 'loyalty balances change only through ledger entries';
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "loyalty_accounts_guard" BEFORE INSERT OR UPDATE ON "loyalty_accounts" FOR EACH ROW EXECUTE FUNCTION "loyalty_balance_guard"();--> statement-breakpoint
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;--> statement-breakpoint
CREATE TRIGGER "point_entries_append_only" BEFORE UPDATE OR DELETE ON "point_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "wallet_entries_append_only" BEFORE UPDATE OR DELETE ON "wallet_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "depot_entries_append_only" BEFORE UPDATE OR DELETE ON "depot_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
