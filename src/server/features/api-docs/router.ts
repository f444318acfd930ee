import { publicProcedure, router } from "../../trpc/init.ts";
import { documentedEndpoints } from "./endpoints.ts";

export const apiDocsRouter = router({
  /** The endpoints /api/openapi.json documents, for the API Access page. */
  endpoints: publicProcedure.query(() => documentedEndpoints()),
});
