/** The same server as TEST_DATABASE_URL, another database name. */
export function databaseUrlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Where CREATE/DROP DATABASE run: the maintenance database of that server. */
export const adminUrl = (base: string) => databaseUrlFor(base, "postgres");
