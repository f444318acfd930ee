/**
 * The OpenAPI paths of a portfolio entry's certificate and DNS monitoring, and the owner's
 * certificate reminder days. Entry calls take the owner's session or an API key of theirs;
 * the reminder days take the session.
 */
import { monitorHostIdSchema, monitorHostSchema, monitoringSettingsSchema } from "../../../shared/schemas/monitoring.ts";
import { userDomainIdSchema } from "../../../shared/schemas/user-domain.ts";
import {
  answer, error, jsonBody, listOf, nullable, ownerErrors, ownerRead, ownerWrite, pathParameter, queryParameters, ref, session, writeErrors,
} from "./openapi-parts.ts";
import { z } from "zod";

const strings = listOf({ type: "string" });
const when = (description: string) => nullable("string", { format: "date-time", description });

const certificate = {
  type: "object",
  required: ["host", "port", "hostId", "state", "reason", "detail", "issuer", "subjectNames", "validFrom", "validTo", "daysLeft", "coversName", "trusted", "checkedAt"],
  properties: {
    host: { type: "string" }, port: { type: "integer" },
    hostId: nullable("integer", { description: "An extra host's id (to remove it); null for the apex and www." }),
    state: { enum: ["not_checked", "valid", "invalid"] },
    reason: nullable("string", { description: "Why it is invalid: expired, not_yet_valid, name_mismatch, untrusted, self_signed, unreachable or refused." }),
    detail: nullable("string", { description: "The failure in words." }),
    issuer: nullable("string"), subjectNames: strings,
    validFrom: when("Start of validity."), validTo: when("End of validity."),
    daysLeft: nullable("integer", { description: "Whole days before it ends." }),
    coversName: nullable("boolean"), trusted: nullable("boolean", { description: "Chains to a trusted root." }),
    checkedAt: when("The last check."),
  },
};

const dnsType = {
  type: "object", required: ["type", "records", "checkedAt", "confirmedAt", "pending", "failure"],
  properties: {
    type: { enum: ["NS", "A", "AAAA", "MX", "TXT", "CAA"] },
    records: { oneOf: [strings, { type: "null" }], description: "The confirmed records, normalised and sorted; null before the first answer." },
    checkedAt: when("The last look."), confirmedAt: when("When these records were first seen."),
    pending: { oneOf: [{ type: "object", properties: { records: strings, since: { type: "string", format: "date-time" } } }, { type: "null" }],
      description: "A different answer seen once, waiting for the second look that confirms it." },
    failure: nullable("string", { description: "Why the last look got no answer (never taken for a change)." }),
  },
};

export const monitoringSchemas = () => ({
  Monitoring: {
    type: "object", required: ["domainId", "domainName", "lastCheckedAt", "nextCheckAt", "certificates", "dns", "maxHosts"],
    properties: {
      domainId: { type: "integer" }, domainName: { type: "string" }, lastCheckedAt: when("The last check."), nextCheckAt: when("The next check."),
      certificates: listOf(certificate), dns: listOf(dnsType), maxHosts: { type: "integer", description: "Extra hosts allowed per domain." },
    },
  },
});

export function monitoringPaths() {
  const id = pathParameter("id", userDomainIdSchema, "The portfolio entry's id.");
  const offsets = answer("OK", { type: "object", required: ["certificateOffsets"], properties: { certificateOffsets: listOf({ type: "integer" }) } });
  return {
    "/api/user-domains/{id}/monitoring": {
      get: { operationId: "getDomainMonitoring", summary: "Certificates and DNS of an entry",
        description: "The certificate of the apex, www and each extra host (issuer, names, validity, coverage, trust, the failure in words) and the DNS records per type with when they were checked. 404 when no entry of the caller has this id.",
        security: ownerRead, parameters: [id], responses: { 200: answer("OK", ref("Monitoring")), ...ownerErrors } },
    },
    "/api/user-domains/{id}/monitoring/hosts": {
      post: { operationId: "addMonitorHost", summary: "Watch another host's certificate",
        description: "A public host name and a port (443 when left out); at most MONITOR_MAX_HOSTS_PER_DOMAIN (20) per entry. A host resolving to a private or loopback address is never connected to. The new host is read within minutes when the caller's Check now allowance (MONITOR_CHECK_NOW_PER_HOUR) has room, which adding it uses; otherwise at the entry's next scheduled check. 409 when it is watched already.",
        security: ownerWrite, parameters: [id], requestBody: jsonBody(monitorHostSchema),
        responses: { 201: answer("Added", ref("Monitoring")), ...writeErrors, 409: error } },
      delete: { operationId: "removeMonitorHost", summary: "Stop watching an extra host", security: ownerWrite,
        parameters: [id, ...queryParameters(z.object({ hostId: monitorHostIdSchema }), { hostId: "The extra host's id (hostId in the monitoring answer)." })],
        responses: { 200: answer("OK", ref("Monitoring")), ...writeErrors } },
    },
    "/api/user-domains/{id}/monitoring/check": {
      post: { operationId: "checkDomainMonitoringNow", summary: "Check certificates and DNS now",
        description: "Queues a check of this entry (results within a minute). Limited per user (MONITOR_CHECK_NOW_PER_HOUR, 10 an hour): past it a 429 with Retry-After.",
        security: ownerWrite, parameters: [id], responses: { 202: answer("Queued", ref("Monitoring")), ...writeErrors, 429: error } },
    },
    "/api/monitoring/settings": {
      get: { operationId: "getMonitoringSettings", summary: "Certificate reminder days", description: "Days before a certificate ends when its owner is told (14, 3 and 1 until changed).",
        security: session, responses: { 200: offsets, ...ownerErrors } },
      put: { operationId: "updateMonitoringSettings", summary: "Save the certificate reminder days", description: "1 to 5 days, each 0 to 90.",
        security: session, requestBody: jsonBody(monitoringSettingsSchema), responses: { 200: offsets, ...writeErrors } },
    },
  };
}
