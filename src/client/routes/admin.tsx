import { Outlet, createFileRoute } from "@tanstack/react-router";
import { AdminGate } from "../features/admin/admin-gate.tsx";
import { AdminShell } from "../features/admin/admin-shell.tsx";
import { RequireAuth } from "../lib/require-auth.tsx";

/** Every /admin page: signed in first (else the sign-in redirect), then admin (else 'Access Denied'). */
export const Route = createFileRoute("/admin")({
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <RequireAuth>
      <AdminGate>
        <AdminShell>
          <Outlet />
        </AdminShell>
      </AdminGate>
    </RequireAuth>
  );
}
