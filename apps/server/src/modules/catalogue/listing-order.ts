import type { ProductSort } from "@shop/contract";
import { type SQL, sql } from "drizzle-orm";
import { products } from "../../db/schema/index.js";

/** One key of a listing order: its expression, its direction and the type its bookmark casts back to. */
export interface SortKey {
  expr: SQL;
  dir: "asc" | "desc" | "desc nulls last";
  type: "integer" | "boolean" | "timestamptz";
}

/**
 * Each order is one listing index read forwards or backwards (schema/catalogue.ts) and ends in the
 * id, so pages never overlap. Directions are spelt with their NULLS side because an index only
 * serves the order it was built in: the newest index is `desc nulls last` (drizzle's default), and
 * a bare `desc` (nulls first) made PostgreSQL sort the whole category instead.
 */
export function keysFor(sort: ProductSort): SortKey[] {
  switch (sort) {
    case "price_asc":
      return [
        { expr: sql`${products.price}`, dir: "asc", type: "integer" },
        { expr: sql`${products.id}`, dir: "asc", type: "integer" },
      ];
    case "price_desc":
      return [
        { expr: sql`${products.price}`, dir: "desc", type: "integer" },
        { expr: sql`${products.id}`, dir: "desc", type: "integer" },
      ];
    case "hot":
      return [
        { expr: sql`('hot' = any(${products.tags}))`, dir: "desc", type: "boolean" },
        { expr: sql`${products.sort}`, dir: "asc", type: "integer" },
        { expr: sql`${products.id}`, dir: "asc", type: "integer" },
      ];
    default:
      return [
        { expr: sql`${products.createdAt}`, dir: "desc nulls last", type: "timestamptz" },
        { expr: sql`${products.id}`, dir: "desc nulls last", type: "integer" },
      ];
  }
}

export const orderFor = (keys: SortKey[]) => keys.map((k) => sql`${k.expr} ${sql.raw(k.dir)}`);

/**
 * The rows after a bookmark (the keys of the previous page's last row, placeholders b0…), as conditions that each read
 * one index from its start key on. Keys of one direction compare as a row, which PostgreSQL seeks to;
 * an order that changes direction (熱銷: hot first, then by sort) needs one condition per run.
 */
export function after(keys: SortKey[]): SQL[] {
  const runs: number[][] = [];
  keys.forEach((k, i) => {
    const run = runs.at(-1);
    if (run && keys[run[0] ?? 0]?.dir.startsWith("desc") === k.dir.startsWith("desc")) run.push(i);
    else runs.push([i]);
  });
  const value = (i: number) => sql`${sql.placeholder(`b${i}`)}::${sql.raw(keys[i]?.type ?? "text")}`;
  return runs.map((run, j) => {
    // Equal as a closed range: PostgreSQL rewrites `hot = false` to `not hot`, which no longer
    // matches the index expression, and then read the index from the category's first entry.
    const equal = runs
      .slice(0, j)
      .flat()
      .map((i) => sql`${keys[i]?.expr} >= ${value(i)} and ${keys[i]?.expr} <= ${value(i)}`);
    const op = sql.raw(keys[run[0] ?? 0]?.dir.startsWith("desc") ? "<" : ">");
    const row = (part: (i: number) => SQL) => sql.join(run.map(part), sql`, `);
    return sql.join([...equal, sql`(${row((i) => sql`${keys[i]?.expr}`)}) ${op} (${row(value)})`], sql` and `);
  });
}

/**
 * The ids of one page. With one condition it is one index read; with several (a top category's
 * children, an order that changes direction) each condition gives its first offset + perPage by its
 * own index and the page is taken from their merge. An `in (…)` list of categories read as one made
 * PostgreSQL read every product of them and sort.
 */
export function pageIds(where: SQL, conditions: SQL[], keys: SortKey[]): SQL {
  const [offset, perPage, branchLimit] = ["offset", "perPage", "branchLimit"].map((name) => sql.placeholder(name));
  if (conditions.length <= 1) {
    const extra = conditions[0] ? sql` and ${conditions[0]}` : sql``;
    return sql`(select ${products.id} from ${products} where ${where}${extra} order by ${sql.join(orderFor(keys), sql`, `)} limit ${perPage} offset ${offset})`;
  }
  const columns = sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const order = (prefix: string) => sql.raw(keys.map((k, i) => `${prefix}k${i} ${k.dir}`).join(", "));
  const branches = conditions.map(
    (c) =>
      sql`(select ${products.id} as id, ${columns} from ${products} where ${where} and ${c} order by ${order("")} limit ${branchLimit})`,
  );
  return sql`(select u.id from (${sql.join(branches, sql` union all `)}) u order by ${order("u.")} limit ${perPage} offset ${offset})`;
}

/**
 * The page boundaries of a whole listing in one pass over its keys (decision 101): the sort keys of
 * every `stride`-th entry (placeholder `stride`), in order, each as text like a bookmark. Boundary i
 * is what the first row of page i × stride / perPage + 1 comes after. The pass numbers the listing's
 * entries as its index gives them (an index-only read with `row_number()` on top, no sort); a
 * listing of several categories is one index read per category merged (a Merge Append), as a
 * page of it is.
 */
export function boundaryPass(where: SQL, branches: number, keys: SortKey[]): SQL {
  const columns = sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const order = (prefix: string) => sql.raw(keys.map((k, i) => `${prefix}k${i} ${k.dir}`).join(", "));
  const text = sql.raw(keys.map((_, i) => `s.k${i}::text`).join(", "));
  const stride = sql.placeholder("stride");
  const numbered =
    branches > 1
      ? sql`select u.*, row_number() over (order by ${order("u.")}) as n from (${sql.join(
          Array.from(
            { length: branches },
            (_, i) =>
              sql`(select ${columns} from ${products} where ${where} and ${products.categoryId} = ${sql.placeholder(`c${i}`)})`,
          ),
          sql` union all `,
        )}) u`
      : sql`select ${columns}, row_number() over (order by ${sql.join(orderFor(keys), sql`, `)}) as n from ${products} where ${where}`;
  return sql`select array[${text}] as keys from (${numbered}) s where s.n % ${stride} = 0 order by s.n`;
}
