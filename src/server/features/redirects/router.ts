import { z } from "zod";
import { validateDomainName } from "../../../shared/domain-name.ts";
import { publicProcedure, router } from "../../trpc/init.ts";
import { findDomainSuffix } from "./service.ts";

export const redirectsRouter = router({
  /**
   * Which catalogue extension a typed name belongs to, for the domain box to say so before a
   * link is opened ("shop.co.uk is a .co.uk name", "co.uk is an extension"). The catalogue has
   * thousands of names, too many to send to every page. An invalid name belongs to none.
   */
  suffixOf: publicProcedure.input(z.object({ domain: z.string().max(300) })).query(async ({ ctx, input }) => {
    const domain = validateDomainName(input.domain);
    return domain.valid ? findDomainSuffix(ctx.db, domain.domain) : { suffix: null, isSuffix: false };
  }),
});
