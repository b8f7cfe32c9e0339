-- Sound-alike search (decision 85): the name's reading, null until indexed. Pinyin cannot be computed in SQL: the
-- server fills it (and the reading tokens) at start and on `npm run migrate` (catalogue indexMissingReadings).
ALTER TABLE "products" ADD COLUMN "search_reading" text;