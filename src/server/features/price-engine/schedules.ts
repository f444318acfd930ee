/**
 * Fetch schedules: each active schedule is a cron entry on the queue (key "schedule-<id>");
 * on every tick its job records lastRun/nextRun and enqueues the fetches it stands for.
 */
import type { Db } from "../../../../db/client.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import {
  deleteSchedule, findSchedule, insertSchedule, listSchedules, recordScheduleRun, updateSchedule, type ScheduleDto,
} from "../../../../db/repositories/schedule-repository.ts";
import { findServiceProvider, listServiceProviders } from "../../../../db/repositories/service-provider-repository.ts";
import type { ScheduleInput } from "../../../shared/schemas/admin.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { nextRunOf, validateCron } from "./cron.ts";
import { enqueueFetches, type EngineContext } from "./fetch-control.ts";

import { SCHEDULE_QUEUE, type ScheduleJobData } from "../../domain/job-catalogue.ts";
export { SCHEDULE_QUEUE, type ScheduleJobData };
// Keys may hold only letters, digits, "_" and "-" (jobs/schedule-rules.ts), the same on both queues.
export const scheduleKey = (id: number) => `schedule-${id}`;


function toDto(s: ScheduleDto) {
  return {
    id: s.id, name: s.name, description: s.description, providerId: s.providerId, providerName: s.providerName,
    schedule: s.schedule, isActive: s.isActive, lastRun: s.lastRun, nextRun: s.nextRun, createdAt: s.createdAt,
  };
}

export const getSchedules = async (db: Db) => (await listSchedules(db)).map(toDto);

async function requireSchedule(db: Db, id: number) {
  const schedule = await findSchedule(db, id);
  if (!schedule) throw notFound(`Schedule ${id} not found`);
  return schedule;
}

async function checkedValues(db: Db, input: ScheduleInput) {
  const next = validateCron(input.schedule);
  if (input.providerId !== null && !(await findServiceProvider(db, input.providerId))) {
    throw badRequest(`Invalid providerId: no service provider has id ${input.providerId}`, [
      { field: "providerId", message: `No service provider has id ${input.providerId}` },
    ]);
  }
  return { ...input, nextRun: input.isActive ? next : null };
}

/** Puts a schedule's cron entry on the queue, or takes it off when inactive. */
export async function syncScheduleToQueue(queue: JobQueue, s: { id: number; schedule: string; isActive: boolean }) {
  if (s.isActive) await queue.schedule(SCHEDULE_QUEUE, scheduleKey(s.id), s.schedule, { scheduleId: s.id } satisfies ScheduleJobData);
  else await queue.unschedule(SCHEDULE_QUEUE, scheduleKey(s.id));
}

export async function createSchedule(ctx: EngineContext, input: ScheduleInput) {
  const queue = ctx.queue;
  const values = await checkedValues(ctx.db, input);
  const id = await insertSchedule(ctx.db, values);
  await syncScheduleToQueue(queue, { id, ...values });
  return toDto(await requireSchedule(ctx.db, id));
}

export async function editSchedule(ctx: EngineContext, id: number, input: ScheduleInput) {
  const queue = ctx.queue;
  await requireSchedule(ctx.db, id);
  const values = await checkedValues(ctx.db, input);
  await updateSchedule(ctx.db, id, values);
  await syncScheduleToQueue(queue, { id, ...values });
  return toDto(await requireSchedule(ctx.db, id));
}

export async function removeSchedule(ctx: EngineContext, id: number) {
  const queue = ctx.queue;
  if (!(await deleteSchedule(ctx.db, id))) throw notFound(`Schedule ${id} not found`);
  await queue.unschedule(SCHEDULE_QUEUE, scheduleKey(id));
  return { message: "Schedule deleted" };
}

/** The job behind a schedule's tick. */
export async function runSchedule(ctx: EngineContext & { queue: JobQueue }, data: ScheduleJobData, now = new Date()) {
  const schedule = await findSchedule(ctx.db, data.scheduleId);
  if (!schedule) {
    // Deleted while its cron entry was still on the queue (another process, or a crash in between).
    await ctx.queue.unschedule(SCHEDULE_QUEUE, scheduleKey(data.scheduleId));
    return null;
  }
  if (!schedule.isActive) return null;
  await recordScheduleRun(ctx.db, schedule.id, now, nextRunOf(schedule.schedule, now));
  const providers = (await listServiceProviders(ctx.db))
    .filter((p) => p.isActive && (schedule.providerId === null || p.id === schedule.providerId));
  return enqueueFetches(ctx, providers, "scheduled", "auto");
}
