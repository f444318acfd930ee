import { vi } from "vitest";

type Callback = (entries: Array<{ isIntersecting: boolean; target: Element }>) => void;

/**
 * happy-dom's IntersectionObserver never reports anything; this one lets a test decide when
 * observed elements come into view. Returns `reveal()` to make every observed element intersect.
 */
export function controlIntersections() {
  const observers = new Set<{ callback: Callback; targets: Set<Element> }>();
  class FakeIntersectionObserver {
    private entry: { callback: Callback; targets: Set<Element> };
    constructor(callback: Callback) {
      this.entry = { callback, targets: new Set() };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  return {
    reveal() {
      for (const { callback, targets } of [...observers]) {
        callback([...targets].map((target) => ({ isIntersecting: true, target })));
      }
    },
  };
}
