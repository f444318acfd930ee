import { expect, it } from "vitest";
import { forEachDialect } from "../testing/test-db.ts";
import { findTldByKey, findTldIdByKey } from "./tld-repository.ts";

forEachDialect("finding a catalogue name by its key", (getDb) => {
  it("finds the same name's id as the full lookup: by id, ASCII name, Unicode name and a second-level suffix; null for an unknown key", async () => {
    const db = getDb();
    const com = await findTldByKey(db, "com");
    const coUk = await findTldByKey(db, "co.uk");
    const idn = await findTldByKey(db, "xn--p1ai");
    expect(com && coUk && idn && idn.unicodeName).toBeTruthy();
    for (const key of ["com", String(com!.id), "co.uk", "xn--p1ai", idn!.unicodeName!]) {
      expect(await findTldIdByKey(db, key)).toBe((await findTldByKey(db, key))!.id);
    }
    expect(await findTldIdByKey(db, "co.uk")).toBe(coUk!.id);
    expect(await findTldIdByKey(db, "no-such-tld")).toBeNull();
    expect(await findTldIdByKey(db, "99999999")).toBeNull();
  });
}, { seeded: true });
