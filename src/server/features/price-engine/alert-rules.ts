/** Alert rules as administrators see and edit them (evaluation lives in alerts.ts). */
import type { Db } from "../../../../db/client.ts";
import { findAlertRule, insertAlertRule, listAlertRules, updateAlertRule } from "../../../../db/repositories/alert-rule-repository.ts";
import type { AlertRuleInput } from "../../../shared/schemas/admin.ts";
import { notFound } from "../../lib/errors.ts";

export const getAlertRules = (db: Db) => listAlertRules(db);

export async function createAlertRule(db: Db, input: AlertRuleInput) {
  const id = await insertAlertRule(db, input);
  return (await findAlertRule(db, id))!;
}

export async function editAlertRule(db: Db, id: number, input: AlertRuleInput) {
  if (!(await updateAlertRule(db, id, input))) throw notFound(`Alert rule ${id} not found`);
  return (await findAlertRule(db, id))!;
}
