-- Search folds variant characters (臺→台 …, catalogue/search.ts VARIANT_FROM/VARIANT_TO). Folding is
-- per character, so refolding the stored text and each stored token gives what re-indexing would.
UPDATE "products" SET
  "search_text" = translate("search_text", '臺檯裏着峯綫衞爲僞麪羣眞啓温鷄敎户録粧牀盃祕銹汙歎週蔴菓糉鈎搾', '台台裡著峰線衛為偽麵群真啟溫雞教戶錄妝床杯秘鏽污嘆周麻果粽鉤榨'),
  "search_tokens" = array(
    SELECT DISTINCT translate(t, '臺檯裏着峯綫衞爲僞麪羣眞啓温鷄敎户録粧牀盃祕銹汙歎週蔴菓糉鈎搾', '台台裡著峰線衛為偽麵群真啟溫雞教戶錄妝床杯秘鏽污嘆周麻果粽鉤榨')
    FROM unnest("search_tokens") AS t
  )
WHERE "search_text" ~ '[臺檯裏着峯綫衞爲僞麪羣眞啓温鷄敎户録粧牀盃祕銹汙歎週蔴菓糉鈎搾]';
