import { TRPCClientError } from "@trpc/client";

/** HTTP status carried by a tRPC error (404 for NOT_FOUND, 400 for a rejected input, …). */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data as { httpStatus?: number } | undefined)?.httpStatus;
}

/** "No such thing": the id was well-formed and unknown (404) or could never exist (400). */
export const isMissing = (error: unknown): boolean => {
  const status = httpStatusOf(error);
  return status === 404 || status === 400;
};
