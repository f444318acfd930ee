import { useEffect, useState, type ComponentType } from "react";

export interface Notice {
  type?: "info" | "success" | "error" | "warning";
  title: string;
  description?: string;
}

type ToasterModule = typeof import("./toaster-view.tsx");

// The toast machinery is ~17 KB gzipped and no page needs it to first render: its code loads on
// the first notice or once the browser is idle, whichever comes first, and the toast region
// mounts with the first notice (nothing to show before it; mounting it while a page starts was
// one more render, style insertion and layout on a busy main thread).
let loading: Promise<ToasterModule> | undefined;
let shown: Promise<ToasterModule> | undefined;
const listeners = new Set<(module: ToasterModule) => void>();

function load(): Promise<ToasterModule> {
  loading ??= import("./toaster-view.tsx");
  return loading;
}

export function notify(notice: Notice): void {
  shown ??= load().then((module) => {
    for (const listener of listeners) listener(module);
    return module;
  });
  void shown.then((module) => module.show(notice));
}

/** Mounts the toast region once there is a notice; notices sent before it mounts wait in its store. */
export function Toaster() {
  const [View, setView] = useState<ComponentType | null>(null);
  useEffect(() => {
    const listener = (module: ToasterModule) => setView(() => module.ToasterView);
    listeners.add(listener);
    // A Toaster mounted after the first notice (a remounted provider, the next test's render) is not
    // in the listener list that notice notified, so it takes the loaded module directly.
    if (shown) void shown.then(listener);
    const idle = window.requestIdleCallback?.bind(window) ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(() => void load());
    return () => void listeners.delete(listener);
  }, []);
  return View ? <View /> : null;
}
