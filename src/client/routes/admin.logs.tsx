import { createFileRoute } from "@tanstack/react-router";
import { LogsPage } from "../features/admin/logs-page.tsx";
import { logsUrlState, validateLogsSearch } from "../features/admin/logs-search.ts";
import { useUrlState } from "../lib/url-state.ts";

export const Route = createFileRoute("/admin/logs")({
  validateSearch: validateLogsSearch,
  component: LogsRoute,
});

function LogsRoute() {
  const [state, onStateChange] = useUrlState(Route, logsUrlState);
  return <LogsPage state={state} onStateChange={onStateChange} />;
}
