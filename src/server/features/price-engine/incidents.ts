/** Incidents for the Alerts page: paged list and the status moves administrators make. */
import type { Db } from "../../../../db/client.ts";
import { findIncident, listIncidents, setIncidentStatus } from "../../../../db/repositories/incident-repository.ts";
import type { IncidentQueryInput, IncidentStatus } from "../../../shared/schemas/admin.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { IncidentEventSink } from "./incident-events.ts";

/** open → investigating → resolved → closed; investigating may be skipped. Closed is final. */
const NEXT: Record<IncidentStatus, IncidentStatus[]> = {
  open: ["investigating", "resolved"],
  investigating: ["resolved"],
  resolved: ["closed"],
  closed: [],
};

export async function getIncidents(db: Db, q: IncidentQueryInput) {
  const { rows, total } = await listIncidents(db, q);
  return { incidents: rows, page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) };
}

/** An administrator's move; a move to resolved is handed to `onIncident` once it is stored. */
export async function changeIncidentStatus(db: Db, id: number, to: IncidentStatus, onIncident?: IncidentEventSink) {
  const incident = await findIncident(db, id);
  if (!incident) throw notFound(`Incident ${id} not found`);
  const from = incident.status;
  if (from === to) throw badRequest(`The incident is already ${to}`);
  if (!NEXT[from].includes(to)) {
    const allowed = NEXT[from];
    throw badRequest(`An incident that is ${from} cannot become ${to}${allowed.length ? ` (it can become ${allowed.join(" or ")})` : "; closed incidents stay closed"}`);
  }
  const resolvedAt = to === "resolved" ? new Date() : incident.resolvedAt;
  if (!(await setIncidentStatus(db, id, from, to, resolvedAt))) throw conflict("The incident changed meanwhile; reload it and try again");
  if (to === "resolved") await onIncident?.({ incidentId: id, change: "resolved", by: "admin" });
  return (await findIncident(db, id))!;
}
