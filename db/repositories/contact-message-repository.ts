import { count, desc } from "drizzle-orm";
import type { Db } from "../client.ts";

export interface ContactMessageDto {
  id: number;
  name: string;
  email: string;
  subject: string;
  category: string;
  priority: string;
  message: string;
  ip: string | null;
  createdAt: Date;
  readAt: Date | null;
}

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  category: string;
  priority: string;
  message: string;
  ip: string | null;
}

function columns({ t }: Db) {
  const m = t.contactMessages;
  return {
    id: m.id, name: m.name, email: m.email, subject: m.subject, category: m.category, priority: m.priority,
    message: m.message, ip: m.ip, createdAt: m.createdAt, readAt: m.readAt,
  };
}

export async function insertContactMessage(handle: Db, message: NewContactMessage): Promise<ContactMessageDto> {
  const [row] = await handle.orm.insert(handle.t.contactMessages).values(message).returning(columns(handle));
  if (!row) throw new Error("contact message insert returned no row");
  return row;
}

/** Newest first; id breaks ties between messages stored in the same millisecond. */
export async function listContactMessages(handle: Db, limit: number, offset: number): Promise<ContactMessageDto[]> {
  const m = handle.t.contactMessages;
  return handle.orm.select(columns(handle)).from(m).orderBy(desc(m.createdAt), desc(m.id)).limit(limit).offset(offset);
}

export async function countContactMessages({ orm: db, t }: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(t.contactMessages);
  return row?.total ?? 0;
}
