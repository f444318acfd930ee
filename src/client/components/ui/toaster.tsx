import { useEffect, useState, type ComponentType } from "react";

export interface Notice {
  type?: "info" | "success" | "error" | "warning";
  title: string;
  description?: string;
}

type ToasterModule = typeof import("./toaster-view.tsx");

// The toast machinery is ~17 KB gzipped and no page needs it to first render, so it loads on
// the first notice or once the browser is idle, whichever comes first.
let loading: Promise<ToasterModule> | undefined;
const listeners = new Set<(module: ToasterModule) => void>();

function load(): Promise<ToasterModule> {
  loading ??= import("./toaster-view.tsx").then((module) => {
    for (const listener of listeners) listener(module);
    return module;
  });
  return loading;
}

export function notify(notice: Notice): void {
  void load().then((module) => module.show(notice));
}

/** Mounts the toast region once its code has arrived; notices sent before that wait in its store. */
export function Toaster() {
  const [View, setView] = useState<ComponentType | null>(null);
  useEffect(() => {
    const listener = (module: ToasterModule) => setView(() => module.ToasterView);
    listeners.add(listener);
    // A Toaster mounted after the code arrived (a remounted provider, the next test's render) is not
    // in the listener list that the first load notified, so it takes the loaded module directly.
    if (loading) void loading.then(listener);
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(() => void load());
    return () => void listeners.delete(listener);
  }, []);
  return View ? <View /> : null;
}
