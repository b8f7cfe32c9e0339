-- A member's name as the back office searches it: each Chinese character and each pair of
-- neighbouring ones (王小明 → 小, 小明, 明, 王, 王小). Immutable, so the column below can be generated.
CREATE OR REPLACE FUNCTION member_name_tokens(name text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT t ORDER BY t), '{}'::text[])
  FROM (
    SELECT substr(name, i, n) AS t
    FROM generate_series(1, char_length(name)) AS i, (VALUES (1), (2)) AS v(n)
    WHERE i + n - 1 <= char_length(name)
  ) AS s
  WHERE t ~ '^[㐀-鿿]+$'
$$;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "name_tokens" text[] GENERATED ALWAYS AS (member_name_tokens(name)) STORED;--> statement-breakpoint
CREATE INDEX "members_name_tokens_idx" ON "members" USING gin ("name_tokens");