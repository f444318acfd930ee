import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";

/**
 * Addresses that asked to get no mail from this server, by the SHA-256 (hex) of the lower-case
 * address: mail_suppressions keeps no address in clear.
 */

export async function isSuppressed({ orm, t }: Db, emailHash: string): Promise<boolean> {
  const [row] = await orm.select({ emailHash: t.mailSuppressions.emailHash }).from(t.mailSuppressions)
    .where(eq(t.mailSuppressions.emailHash, emailHash)).limit(1);
  return row !== undefined;
}

/** Records the address's refusal; a second refusal changes nothing. */
export async function suppress({ orm, t }: Db, emailHash: string): Promise<void> {
  await orm.insert(t.mailSuppressions).values({ emailHash }).onConflictDoNothing();
}

/** Forgets the refusal (its owner allowed mail again, or confirmed the address). */
export async function liftSuppression({ orm, t }: Db, emailHash: string): Promise<void> {
  await orm.delete(t.mailSuppressions).where(eq(t.mailSuppressions.emailHash, emailHash));
}
