// The embedded database in its own thread keeps the semantics it had in-process: transactions run
// one at a time and alone, each connection's extended-protocol steps stay together, a client lost
// inside its transaction leaves nothing behind, and a dump starts a copy.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.js";
import { startPgliteThread } from "./pglite-thread.js";

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe("PGlite in its own thread", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ poolSize: 8 });
    await database.db.execute(sql`create table ledger (id serial primary key, who text not null, amount int not null)`);
  });
  afterAll(() => database.close());

  it("answers every connection's own parameters when 200 queries are in flight together", async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        rows<{ n: number; s: string }>(database, sql`select ${i}::int as n, ${`s${i}`}::text as s`),
      ),
    );
    expect(answers.map((r) => r[0])).toEqual(Array.from({ length: 200 }, (_, i) => ({ n: i, s: `s${i}` })));
  });

  it("runs a transaction alone: a rival's statements wait until it commits, and see all of it", async () => {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const first = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger (who, amount) values ('a', 1)`);
      inside();
      await held;
      await tx.execute(sql`insert into ledger (who, amount) values ('a', 2)`);
      events.push("a commits");
    });
    await entered;
    const rival = rows<{ n: number }>(database, sql`select count(*)::int as n from ledger where who = 'a'`).then((r) => {
      events.push(`rival reads ${r[0]?.n}`);
    });
    const second = database.db.transaction(async (tx) => {
      const [row] = (
        (await tx.execute(sql`select coalesce(sum(amount), 0)::int as total from ledger where who = 'a'`)) as unknown as {
          rows: Array<{ total: number }>;
        }
      ).rows;
      events.push(`b sees ${row?.total}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual([]);
    release();
    await Promise.all([first, rival, second]);
    expect(events).toEqual(["a commits", "rival reads 2", "b sees 3"]);
  });

  it("rolls back a failed transaction, and the next one runs", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ledger (who, amount) values ('c', 5)`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger (who, amount) values ('c', 7)`);
    });
    expect(await rows(database, sql`select amount from ledger where who = 'c'`)).toEqual([{ amount: 7 }]);
  });

  it("starts a copy from a dump", async () => {
    const copy = await openDatabase({ template: await database.dump?.() });
    try {
      expect(await rows(copy, sql`select count(*)::int as n from ledger`)).toEqual([{ n: 3 }]);
    } finally {
      await copy.close();
    }
  });
});

describe("named prepared statements", () => {
  it("are each connection's own in the one shared session, and go when the connection does", async () => {
    const thread = await startPgliteThread({});
    const client = async () => {
      const c = new pg.Client({ stream: () => thread.connect(), user: "postgres", database: "postgres" });
      await c.connect();
      return c;
    };
    try {
      const [a, b, observer] = await Promise.all([client(), client(), client()]);
      // The same name with different text on two connections: each runs its own.
      const [ra, rb] = await Promise.all([
        a.query({ name: "same_name", text: "select $1::int + 1 as n", values: [1] }),
        b.query({ name: "same_name", text: "select $1::int * 10 as n", values: [5] }),
      ]);
      expect([ra.rows, rb.rows]).toEqual([[{ n: 2 }], [{ n: 50 }]]);
      // Used again (Bind only, no Parse): still each its own.
      const again = await Promise.all([
        a.query({ name: "same_name", text: "select $1::int + 1 as n", values: [41] }),
        b.query({ name: "same_name", text: "select $1::int * 10 as n", values: [7] }),
      ]);
      expect(again.map((r) => r.rows)).toEqual([[{ n: 42 }], [{ n: 70 }]]);
      const held = "select count(*)::int as n from pg_prepared_statements";
      expect((await observer.query(held)).rows).toEqual([{ n: 2 }]);
      await a.end();
      await b.end();
      expect((await observer.query(held)).rows).toEqual([{ n: 0 }]);
      await observer.end();
    } finally {
      await thread.close();
    }
  });

  it("a drizzle prepared query answers 100 callers at once over the pool", async () => {
    const database = await openDatabase({ poolSize: 8 });
    try {
      const prepared = database.db
        .select({ n: sql<number>`${sql.placeholder("n")}::int * 2` })
        .from(sql`(select 1) as one`)
        .prepare("double");
      const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => prepared.execute({ n })));
      expect(answers.map((r) => r[0]?.n)).toEqual(Array.from({ length: 100 }, (_, n) => n * 2));
    } finally {
      await database.close();
    }
  });
});

describe("a stopped thread", () => {
  it("fails a new connection at once instead of leaving it waiting", async () => {
    const thread = await startPgliteThread({});
    await thread.close();
    const client = new pg.Client({ stream: () => thread.connect(), user: "postgres", database: "postgres" });
    await expect(client.connect()).rejects.toThrow("PGlite's thread has stopped");
  });
});

describe("a client lost inside its transaction", () => {
  it("leaves nothing behind, and the others go on", async () => {
    const thread = await startPgliteThread({});
    const client = () => new pg.Client({ stream: () => thread.connect(), user: "postgres", database: "postgres" });
    try {
      const setup = client();
      await setup.connect();
      await setup.query("create table stock (sku text primary key, units int not null)");
      await setup.query("insert into stock values ('tea', 10)");
      const lost = client();
      await lost.connect();
      lost.on("error", () => {});
      await lost.query("begin");
      await lost.query("update stock set units = units - 4 where sku = 'tea'");
      // Another client's statement waits behind the open transaction...
      const waiting = setup.query("select units from stock where sku = 'tea'");
      // ...until the client is cut without a commit.
      lost.connection.stream.destroy();
      expect((await waiting).rows).toEqual([{ units: 10 }]);
      await setup.query("update stock set units = units - 1 where sku = 'tea'");
      expect((await setup.query("select units from stock")).rows).toEqual([{ units: 9 }]);
      await setup.end();
    } finally {
      await thread.close();
    }
  });
});
