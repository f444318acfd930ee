import { publicProcedure, router } from "../../trpc/init.ts";
import { toAuthUserDto } from "./authenticate.ts";

export const authRouter = router({
  /** The signed-in user, or null when signed out (never an error, unlike GET /api/auth/user's 401). */
  me: publicProcedure.query(({ ctx }) => {
    ctx.markPrivate();
    return ctx.user ? toAuthUserDto(ctx.user) : null;
  }),
});
