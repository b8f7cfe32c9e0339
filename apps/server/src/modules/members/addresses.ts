import type { AddressBookEntry } from "@shop/contract";
import { MAX_ADDRESSES } from "@shop/contract";
import { findDistrict } from "@shop/reference-data";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { memberAddresses } from "../../db/schema/index.js";
import { badRequest, notFound, unprocessable } from "../../lib/errors.js";

type Input = Omit<AddressBookEntry, "id"> & { id?: number };

/** The member's address book; county, district and postal code must agree with the post office's data. */
export function createAddressBookService(db: Db, now: () => Date = () => new Date()) {
  const view = (a: typeof memberAddresses.$inferSelect): AddressBookEntry => ({
    id: a.id,
    name: a.name,
    phone: a.phone,
    zip: a.zip,
    county: a.county,
    district: a.district,
    line: a.line,
  });
  return {
    async list(memberId: number): Promise<AddressBookEntry[]> {
      const rows = await db
        .select()
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId))
        .orderBy(desc(memberAddresses.id));
      return rows.map(view);
    },
    /** One of the member's own addresses; anyone else's id is a 404. */
    async get(memberId: number, id: number): Promise<AddressBookEntry> {
      const [a] = await db
        .select()
        .from(memberAddresses)
        .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)));
      if (!a) throw notFound("ADDRESS_NOT_FOUND", "找不到此地址");
      return view(a);
    },
    async save(memberId: number, input: Input): Promise<AddressBookEntry> {
      const d = findDistrict(input.county, input.district);
      if (!d)
        throw badRequest("DISTRICT_MISMATCH", "縣市與鄉鎮市區不符", [{ field: "district", message: "請選擇正確的鄉鎮市區" }]);
      if (!input.zip.startsWith(d.zip))
        throw badRequest("ZIP_MISMATCH", "郵遞區號與地區不符", [{ field: "zip", message: `此地區的郵遞區號為 ${d.zip}` }]);
      const values = {
        name: input.name,
        phone: input.phone,
        zip: input.zip,
        county: d.county,
        district: d.district,
        line: input.line,
      };
      if (input.id) {
        await this.get(memberId, input.id);
        const [row] = await db.update(memberAddresses).set(values).where(eq(memberAddresses.id, input.id)).returning();
        if (!row) throw notFound("ADDRESS_NOT_FOUND", "找不到此地址");
        return view(row);
      }
      const [n] = await db.select({ n: count() }).from(memberAddresses).where(eq(memberAddresses.memberId, memberId));
      if ((n?.n ?? 0) >= MAX_ADDRESSES) throw unprocessable("ADDRESS_LIMIT_REACHED", `最多可儲存 ${MAX_ADDRESSES} 筆地址`);
      const [row] = await db
        .insert(memberAddresses)
        .values({ memberId, ...values, createdAt: now() })
        .returning();
      if (!row) throw new Error("address insert returned nothing");
      return view(row);
    },
    async remove(memberId: number, id: number) {
      const gone = await db
        .delete(memberAddresses)
        .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)))
        .returning({ id: memberAddresses.id });
      if (gone.length === 0) throw notFound("ADDRESS_NOT_FOUND", "找不到此地址");
    },
  };
}

export type AddressBookService = ReturnType<typeof createAddressBookService>;
