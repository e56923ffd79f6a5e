import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export type TTab<T extends string> = { value: T; label: string; icon?: ReactNode };

/**
 * Tabs as the ARIA pattern has them: one tab stop, arrow keys (and Home, End) move between the
 * tabs and show their panel at once.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
}: {
  label: string;
  tabs: readonly TTab<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (tab: T) => `${id}-tab-${tab}`;
  const panelId = `${id}-panel`;

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.value === value);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.value);
    refs.current.get(tab.value)?.focus();
  }

  return (
    <div className="space-y-5">
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={move}
        className="inline-flex rounded-xl border border-ink-700 bg-ink-900 p-1"
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                if (element) refs.current.set(tab.value, element);
                else refs.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.value)}
              className={cn(
                'inline-flex h-9 items-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-400',
                selected ? 'bg-ink-700 text-white' : 'text-zinc-400 hover:text-zinc-100',
              )}
            >
              {tab.icon}
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)}>
        {children}
      </div>
    </div>
  );
}
