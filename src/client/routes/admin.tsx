import { Outlet, createFileRoute } from "@tanstack/react-router";
import { AdminGate } from "../features/admin/admin-gate.tsx";
import { AdminShell } from "../features/admin/admin-shell.tsx";
import { PAGE_TITLES } from "../../shared/page-titles.ts";
import { RequireAuth } from "../lib/require-auth.tsx";

/** Every /admin page: signed in first (else the sign-in redirect), then admin (else 'Access Denied'). */
export const Route = createFileRoute("/admin")({
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <RequireAuth title={PAGE_TITLES.admin}>
      <AdminGate>
        <AdminShell>
          <Outlet />
        </AdminShell>
      </AdminGate>
    </RequireAuth>
  );
}
