import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";

/** A seeded provider's id (the account tests attach registrar accounts to it). */
export async function findServiceProviderIdBySlug(db: Db, slug: string): Promise<number> {
  const [row] = await db.orm.select({ id: db.t.serviceProviders.id }).from(db.t.serviceProviders).where(eq(db.t.serviceProviders.slug, slug)).limit(1);
  if (!row) throw new Error(`no seeded provider ${slug}`);
  return row.id;
}
