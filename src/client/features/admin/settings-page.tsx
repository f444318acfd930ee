import { Tabs } from "@chakra-ui/react";
import { AdminPage } from "./admin-page.tsx";
import { GeneralSettingsTab } from "./general-settings-tab.tsx";
import { SchedulesTab } from "./schedules-tab.tsx";

/** System Settings: fetch schedules and the (display-only) general settings. */
export function SettingsPage() {
  return (
    <AdminPage title="System Settings" description="When prices are fetched, and general preferences.">
      <Tabs.Root defaultValue="schedules" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="schedules">Fetch Schedules</Tabs.Trigger>
          <Tabs.Trigger value="general">General Settings</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="schedules"><SchedulesTab /></Tabs.Content>
        <Tabs.Content value="general"><GeneralSettingsTab /></Tabs.Content>
      </Tabs.Root>
    </AdminPage>
  );
}
