// @vitest-environment happy-dom
import { TRPCClientError } from "@trpc/client";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderUi, server, useMsw } from "../testing/render.tsx";
import { signedIn, trpcError } from "../testing/trpc-msw.ts";
import { HttpError } from "./http-error.ts";
import { handleUnauthorized, isUnauthorizedError } from "./unauthorized.ts";
import { useAuth } from "./use-auth.ts";

useMsw();
afterEach(() => vi.useRealTimers());

function Probe() {
  const { user, isLoading, isAuthenticated } = useAuth();
  return <p>{isLoading ? "loading" : isAuthenticated ? `in:${user?.email}` : "out"}</p>;
}

describe("auth probe", () => {
  it("reads a null answer as signed out", async () => {
    renderUi(<Probe />);
    expect(await screen.findByText("out")).toBeTruthy();
  });

  it("returns the user when signed in", async () => {
    server.use(signedIn({ firstName: "Ada", email: "ada@example.com" }));
    renderUi(<Probe />);
    expect(await screen.findByText("in:ada@example.com")).toBeTruthy();
  });

  it("treats a failed probe as signed out", async () => {
    server.use(trpcError("auth.me", 500));
    renderUi(<Probe />);
    expect(await screen.findByText("out")).toBeTruthy();
  });
});

describe("session ended mid-visit", () => {
  it("recognises REST and tRPC 401s only", () => {
    expect(isUnauthorizedError(new HttpError(401, "401: Unauthorized"))).toBe(true);
    expect(isUnauthorizedError(new Error("401: {\"message\":\"Unauthorized\"}"))).toBe(true);
    expect(isUnauthorizedError(new Error("500: Unauthorized"))).toBe(false);
    const trpc401 = TRPCClientError.from({ error: { message: "Unauthorized", code: -32001, data: { code: "UNAUTHORIZED", httpStatus: 401 } } });
    expect(isUnauthorizedError(trpc401)).toBe(true);
  });

  it("tells the user, then sends them to the login 500 ms later", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, origin: window.location.origin });
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    handleUnauthorized(new Error("500: nope"));
    handleUnauthorized(new HttpError(401, "401: Unauthorized"));
    vi.advanceTimersByTime(499);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith("/api/login");
    vi.unstubAllGlobals();
  });
});
