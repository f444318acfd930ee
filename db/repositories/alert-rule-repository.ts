import { asc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";

export interface AlertRuleDto {
  id: number;
  name: string;
  description: string | null;
  condition: string;
  threshold: number;
  severity: string;
  isActive: boolean;
  createdAt: Date;
}

export type AlertRuleValues = Omit<AlertRuleDto, "id" | "createdAt">;

function columns({ t }: Db) {
  const r = t.alertRules;
  return {
    id: r.id, name: r.name, description: r.description, condition: r.condition, threshold: r.threshold,
    severity: r.severity, isActive: r.isActive, createdAt: r.createdAt,
  };
}

export async function listAlertRules(handle: Db, options: { activeOnly?: boolean } = {}): Promise<AlertRuleDto[]> {
  const { orm: db, t } = handle;
  return db.select(columns(handle)).from(t.alertRules)
    .where(options.activeOnly ? eq(t.alertRules.isActive, true) : undefined)
    .orderBy(asc(t.alertRules.id));
}

export async function findAlertRule(handle: Db, id: number): Promise<AlertRuleDto | null> {
  const [row] = await handle.orm.select(columns(handle)).from(handle.t.alertRules).where(eq(handle.t.alertRules.id, id)).limit(1);
  return row ?? null;
}

export async function insertAlertRule(handle: Db, values: AlertRuleValues): Promise<number> {
  const [row] = await handle.orm.insert(handle.t.alertRules).values(values).returning({ id: handle.t.alertRules.id });
  return row!.id;
}

export async function updateAlertRule(handle: Db, id: number, values: Partial<AlertRuleValues>): Promise<boolean> {
  const rows = await handle.orm.update(handle.t.alertRules).set(values).where(eq(handle.t.alertRules.id, id)).returning({ id: handle.t.alertRules.id });
  return rows.length > 0;
}
