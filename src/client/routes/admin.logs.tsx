import { createFileRoute } from "@tanstack/react-router";
import { LogsPage } from "../features/admin/logs-page.tsx";
import { logsSearchFrom, logsStateFrom, validateLogsSearch, type LogsState } from "../features/admin/logs-search.ts";

export const Route = createFileRoute("/admin/logs")({
  validateSearch: validateLogsSearch,
  component: LogsRoute,
});

function LogsRoute() {
  const navigate = Route.useNavigate();
  const state = logsStateFrom(Route.useSearch());
  const onStateChange = (next: LogsState) => void navigate({ search: logsSearchFrom(next) });
  return <LogsPage state={state} onStateChange={onStateChange} />;
}
