/**
 * How the server render's tRPC calls are answered (docs/decisions/024): in this process, by the
 * procedures a GET of /trpc/<path>?input=… reaches, with the same caches, without making a
 * Request, running the app's middleware or making a Response. A page's five calls through the
 * app's fetch handler cost about 1–1.5 ms of CPU each in that overhead alone.
 *
 * A query with a cached answer (lib/trpc-cached-get.ts) is answered with the tRPC door's own
 * envelope of that JSON; any other query through a tRPC caller, so its input is
 * checked and its middleware runs as for a request. A call that fails there (bad input, an
 * unknown TLD) is answered with the status and error body tRPC's handler gives a failed GET:
 * its error shape through the router's error formatter. What is not a single query's GET (a
 * missing procedure, a mutation, a batch, an input that is not JSON) is handed to the app's
 * fetch handler as a request, which answers what a browser would get.
 */
import { randomUUID } from "node:crypto";
import { getTRPCErrorFromUnknown, getTRPCErrorShape, transformTRPCResponse, type TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { AppRouter } from "../trpc/root.ts";
import type { RequestContext } from "../trpc/context.ts";
import type { CallAnswer, RenderCalls } from "./render-port.ts";
import { envelopeOf, type CachedQuery } from "../lib/trpc-cached-get.ts";

export interface RenderCallsOptions {
  router: AppRouter;
  /** The procedures answered from cached JSON, by full path (trpc/root.ts's cachedQueries). */
  cachedQueries: Record<string, CachedQuery>;
  /**
   * The context a /trpc request without cookies gets (no user, no session), for a call to `url`;
   * `requestId` is the call's own.
   */
  context: (url: URL, requestId: string) => RequestContext;
  /** The app's fetch handler: answers what is not answered in process. */
  fetch: (request: Request) => Response | Promise<Response>;
  /** Told of a call that failed, as the /trpc handler's onError is. */
  onError: (failure: { error: TRPCError; path: string }) => void;
}

const ENDPOINT = "/trpc/";

type Procedures = Record<string, { _def?: { type?: string } } | undefined>;
type Callable = (input?: unknown) => Promise<unknown>;

export function renderCallsFor({ router, cachedQueries, context, fetch, onError }: RenderCallsOptions): RenderCalls {
  const procedures = router._def.procedures as unknown as Procedures;
  const viaApp = async (url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<CallAnswer> => {
    const response = await fetch(new Request(url, init));
    return { status: response.status, body: await response.text() };
  };

  return async (url, init) => {
    const target = new URL(url);
    if (init.method !== "GET" || !target.pathname.startsWith(ENDPOINT) || target.searchParams.has("batch")) return viaApp(url, init);
    let path: string;
    try {
      path = decodeURIComponent(target.pathname.slice(ENDPOINT.length));
    } catch {
      return viaApp(url, init);
    }
    if (!Object.hasOwn(procedures, path) || procedures[path]?._def?.type !== "query") return viaApp(url, init);
    const rawInput = target.searchParams.get("input");
    let input: unknown;
    try {
      input = rawInput === null ? undefined : JSON.parse(rawInput);
    } catch {
      return viaApp(url, init);
    }
    const ctx = context(target, randomUUID());
    try {
      const cached = Object.hasOwn(cachedQueries, path) ? cachedQueries[path]!(ctx, input) : null;
      if (cached) return { status: 200, body: envelopeOf(await cached).json };
    } catch {
      // As at the tRPC door: the procedure is called, and answers the error in tRPC's format.
    }
    let call: unknown = router.createCaller(ctx);
    for (const name of path.split(".")) call = (call as Record<string, unknown>)[name];
    try {
      const data = await (call as Callable)(input);
      return { status: 200, body: JSON.stringify({ result: { data } }) };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      onError({ error, path });
      const config = router._def._config;
      const shape = getTRPCErrorShape({ config, ctx, error, input, path, type: "query" });
      return { status: getHTTPStatusCodeFromError(error), body: JSON.stringify(transformTRPCResponse(config, { error: shape })) };
    }
  };
}
