import { createTRPCClient, httpLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../server/trpc/root.ts";

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;

/**
 * httpLink, not httpBatchLink: every query is its own cacheable GET (/trpc/prices.list?input=…),
 * so a slow price page never holds back the small status and stats calls, and tests stub
 * one procedure per request.
 */
export function createTrpcClient(origin: string = window.location.origin) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${origin}/trpc`, fetch: (url, init) => fetch(url, { ...init, credentials: "include" }) })],
  });
}
