import type { DealerCard } from "@shop/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { dealers } from "../../db/schema/index.js";

const cardColumns = {
  id: dealers.id,
  name: dealers.name,
  county: dealers.county,
  district: dealers.district,
  address: dealers.address,
  phone: dealers.phone,
  image: dealers.image,
};

export function createDealersService(db: Db) {
  return {
    featured(): Promise<DealerCard[]> {
      return db
        .select(cardColumns)
        .from(dealers)
        .where(and(eq(dealers.featured, true), eq(dealers.status, "active")))
        .orderBy(asc(dealers.sort), asc(dealers.id));
    },
  };
}

export type DealersService = ReturnType<typeof createDealersService>;
