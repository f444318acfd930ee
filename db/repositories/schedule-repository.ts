import { asc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";

export interface ScheduleDto {
  id: number;
  name: string;
  description: string | null;
  providerId: number | null;
  providerName: string | null;
  schedule: string;
  isActive: boolean;
  lastRun: Date | null;
  nextRun: Date | null;
  createdAt: Date;
}

export interface ScheduleValues {
  name: string;
  description: string | null;
  providerId: number | null;
  schedule: string;
  isActive: boolean;
  nextRun: Date | null;
}

function columns({ t }: Db) {
  const s = t.fetchSchedules;
  return {
    id: s.id, name: s.name, description: s.description, providerId: s.serviceProviderId, providerName: t.serviceProviders.name,
    schedule: s.cron, isActive: s.isActive, lastRun: s.lastRunAt, nextRun: s.nextRunAt, createdAt: s.createdAt,
  };
}

const toRow = (v: ScheduleValues) => ({
  name: v.name, description: v.description, serviceProviderId: v.providerId, cron: v.schedule, isActive: v.isActive, nextRunAt: v.nextRun,
});

export async function listSchedules(handle: Db): Promise<ScheduleDto[]> {
  const { orm: db, t } = handle;
  return db.select(columns(handle)).from(t.fetchSchedules)
    .leftJoin(t.serviceProviders, eq(t.serviceProviders.id, t.fetchSchedules.serviceProviderId))
    .orderBy(asc(t.fetchSchedules.id));
}

export async function findSchedule(handle: Db, id: number): Promise<ScheduleDto | null> {
  const { orm: db, t } = handle;
  const [row] = await db.select(columns(handle)).from(t.fetchSchedules)
    .leftJoin(t.serviceProviders, eq(t.serviceProviders.id, t.fetchSchedules.serviceProviderId))
    .where(eq(t.fetchSchedules.id, id)).limit(1);
  return row ?? null;
}

export async function insertSchedule(handle: Db, values: ScheduleValues): Promise<number> {
  const [row] = await handle.orm.insert(handle.t.fetchSchedules).values(toRow(values)).returning({ id: handle.t.fetchSchedules.id });
  return row!.id;
}

export async function updateSchedule(handle: Db, id: number, values: ScheduleValues): Promise<boolean> {
  const rows = await handle.orm.update(handle.t.fetchSchedules).set(toRow(values))
    .where(eq(handle.t.fetchSchedules.id, id)).returning({ id: handle.t.fetchSchedules.id });
  return rows.length > 0;
}

export async function deleteSchedule(handle: Db, id: number): Promise<boolean> {
  const rows = await handle.orm.delete(handle.t.fetchSchedules).where(eq(handle.t.fetchSchedules.id, id)).returning({ id: handle.t.fetchSchedules.id });
  return rows.length > 0;
}

export async function recordScheduleRun(handle: Db, id: number, lastRun: Date, nextRun: Date | null): Promise<void> {
  await handle.orm.update(handle.t.fetchSchedules).set({ lastRunAt: lastRun, nextRunAt: nextRun }).where(eq(handle.t.fetchSchedules.id, id));
}

export async function setScheduleNextRun(handle: Db, id: number, nextRun: Date | null): Promise<void> {
  await handle.orm.update(handle.t.fetchSchedules).set({ nextRunAt: nextRun }).where(eq(handle.t.fetchSchedules.id, id));
}
