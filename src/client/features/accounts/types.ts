/** Registrar account shapes as the server sends them (inferred from the tRPC router). */
import type { RouterOutputs } from "../../lib/trpc.ts";

export type RegistrarAccount = RouterOutputs["accounts"]["list"][number];
export type ConnectableProvider = RouterOutputs["accounts"]["providers"][number];
