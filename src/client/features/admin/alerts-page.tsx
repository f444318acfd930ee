import { Tabs } from "@chakra-ui/react";
import { AdminPage } from "./admin-page.tsx";
import { AlertRulesTab } from "./alert-rules-tab.tsx";
import { IncidentsTab } from "./incidents-tab.tsx";

/** Alerts & Notifications: incidents and the alert rules that open them (two tabs). */
export function AlertsPage() {
  return (
    <AdminPage title="Alerts & Notifications" description="Incidents opened by alert rules, and the rules themselves.">
      <Tabs.Root defaultValue="incidents" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="incidents">Incidents</Tabs.Trigger>
          <Tabs.Trigger value="rules">Alert Rules</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="incidents"><IncidentsTab /></Tabs.Content>
        <Tabs.Content value="rules"><AlertRulesTab /></Tabs.Content>
      </Tabs.Root>
    </AdminPage>
  );
}
