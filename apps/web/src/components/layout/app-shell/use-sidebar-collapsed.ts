import { useCallback, useState } from 'react';

export const SIDEBAR_COLLAPSED_STORAGE_KEY = 'muse.sidebar.collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    // Storage can be switched off (private windows, strict settings): start expanded.
    return false;
  }
}

function writeCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_STORAGE_KEY, String(collapsed));
  } catch {
    // Not remembered across visits then; the toggle still works for this one.
  }
}

/** Whether the desktop sidebar is folded to its icon strip, remembered across visits. */
export function useSidebarCollapsed(): [collapsed: boolean, toggle: () => void] {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    writeCollapsed(!collapsed);
    setCollapsed(!collapsed);
  }, [collapsed]);
  return [collapsed, toggle];
}
