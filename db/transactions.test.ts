import { asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { exec, type Db } from "./client.ts";
import { forEachDialect } from "./testing/test-db.ts";

const DAY = "2025-01-01";

/** Resolves after `n` microtasks: where an awaited statement of a transaction body would resume. */
const afterMicrotasks = async (n: number) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

const storedCurrencies = async ({ orm: db, t }: Db) =>
  (await db.select({ currency: t.exchangeRates.currency }).from(t.exchangeRates)
    .where(eq(t.exchangeRates.date, DAY)).orderBy(asc(t.exchangeRates.currency))).map((r) => r.currency);

forEachDialect("transactions", (getDb) => {
  it("keep a plain insert from another async chain out of a transaction that rolls back", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const er = t.exchangeRates;
    await db.delete(er);
    const failing = handle.transaction(function* (tx) {
      yield* exec(tx.insert(er).values({ date: DAY, currency: "TXN", ratePerEur: 1 }));
      yield* exec(tx.select().from(er));
      yield* exec(tx.select().from(er));
      throw new Error("the body failed");
    });
    const plain = afterMicrotasks(2).then(() => db.insert(er).values({ date: DAY, currency: "OUT", ratePerEur: 2 }));
    const [tx, write] = await Promise.allSettled([failing, plain]);
    expect(tx.status === "rejected" && (tx.reason as Error).message).toBe("the body failed");
    expect(write.status).toBe("fulfilled");
    expect(await storedCurrencies(handle)).toEqual(["OUT"]);
  });

  it("lose no plain write made from other chains while transactions commit and roll back, and store every one reported", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const er = t.exchangeRates;
    await db.delete(er);

    const transactions = Array.from({ length: 24 }, (_, i) => handle.transaction(function* (tx) {
      for (const part of ["A", "B", "C"]) {
        yield* exec(tx.insert(er).values({ date: DAY, currency: `T${i}${part}`, ratePerEur: i }));
        yield* exec(tx.select({ n: er.ratePerEur }).from(er).where(eq(er.date, DAY)));
      }
      if (i % 2 === 1) throw new Error(`rolled back ${i}`);
      return i;
    }));

    // Plain writes scheduled from other chains: 0–209 microtasks in (between the awaits of
    // transactions that awaited their statements, of either outcome), on the next macrotask,
    // and chained behind another plain write.
    const reported: string[] = [];
    const plainWrite = (code: string) => db.insert(er).values({ date: DAY, currency: code, ratePerEur: 0 })
      .then(() => void reported.push(code));
    const writes: Promise<void>[] = [];
    for (let k = 0; k < 210; k++) {
      const code = `P${k}`;
      if (k % 3 === 0) writes.push(afterMicrotasks(k).then(() => plainWrite(code)));
      else if (k % 3 === 1) writes.push(new Promise<void>((resolve, reject) => setImmediate(() => { plainWrite(code).then(resolve, reject); })));
      else writes.push(writes[k - 1]!.then(() => plainWrite(code)));
    }

    const outcomes = await Promise.allSettled(transactions);
    const writeOutcomes = await Promise.allSettled(writes);
    expect(writeOutcomes.filter((o) => o.status === "rejected")).toEqual([]);
    expect(reported).toHaveLength(210);
    outcomes.forEach((o, i) => expect(o.status).toBe(i % 2 === 1 ? "rejected" : "fulfilled"));

    const stored = new Set(await storedCurrencies(handle));
    expect(reported.filter((code) => !stored.has(code))).toEqual([]);
    const committed = outcomes.flatMap((o, i) => (o.status === "fulfilled" ? ["A", "B", "C"].map((p) => `T${i}${p}`) : []));
    expect(committed.filter((code) => !stored.has(code))).toEqual([]);
    const rolledBack = [...stored].filter((code) => code.startsWith("T") && Number(code.slice(1, -1)) % 2 === 1);
    expect(rolledBack).toEqual([]);
    expect(stored.size).toBe(210 + committed.length);
  });

  it("roll back every statement of a body when one of them fails, and report that statement's error", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const er = t.exchangeRates;
    await db.delete(er);
    await db.insert(er).values({ date: DAY, currency: "DUP", ratePerEur: 1 });
    await expect(handle.transaction(function* (tx) {
      yield* exec(tx.insert(er).values({ date: DAY, currency: "NEW", ratePerEur: 1 }));
      yield* exec(tx.insert(er).values({ date: DAY, currency: "DUP", ratePerEur: 2 }));
    })).rejects.toThrow();
    expect(await storedCurrencies(handle)).toEqual(["DUP"]);
  });
}, { seeded: false });

forEachDialect("a SQLite transaction body", (getDb, dialect) => {
  it.runIf(dialect === "sqlite")("may yield only its statements: another promise fails the transaction with a clear error and writes nothing", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const er = t.exchangeRates;
    await db.delete(er);
    await expect(handle.transaction(function* (tx) {
      yield* exec(tx.insert(er).values({ date: DAY, currency: "HALF", ratePerEur: 1 }));
      yield* exec(new Promise((resolve) => setTimeout(resolve, 1)));
    })).rejects.toThrow(/may yield only statements built from its tx/);
    expect(await storedCurrencies(handle)).toEqual([]);
  });
}, { seeded: false });
