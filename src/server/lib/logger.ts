/**
 * The process's logger (pino). Request headers are never written: a `headers` object is
 * dropped from a log line at its top level and up to three levels down (a request, an error's
 * request or response, a config object), and so are fields named like a credential. Error fields go through pino's error
 * serializer first, so an error's own `headers` are dropped too.
 */
import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

const CREDENTIAL_FIELDS = ["authorization", "cookie", "password", "apiKey", "apikey", "secretKey", "secretapikey", "credentials"];

/** Paths pino removes from every line: headers anywhere up to three levels down, and credential fields up to two. */
export const REDACTED_LOG_PATHS = [
  "headers", "*.headers", "*.*.headers", "*.*.*.headers",
  ...CREDENTIAL_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

export function createLogger(level: string, pretty = false, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    redact: { paths: REDACTED_LOG_PATHS, remove: true },
    ...(pretty && !destination ? { transport: { target: "pino-pretty", options: { colorize: true, ignore: "time" } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
