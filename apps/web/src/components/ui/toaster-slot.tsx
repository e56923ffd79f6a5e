import { useSyncExternalStore, type ReactElement } from 'react';

/**
 * Where the app's toaster mounts. sonner is not part of the first page: `./toaster` registers
 * its toaster here when the first module that can raise a toast loads (the landing never does).
 * A toast raised before the toaster has mounted still shows: sonner replays it on mount.
 */
let toaster: ReactElement | null = null;
const listeners = new Set<() => void>();

export function registerToaster(element: ReactElement): void {
  toaster = element;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getToaster = () => toaster;

export function ToasterSlot() {
  return useSyncExternalStore(subscribe, getToaster);
}
