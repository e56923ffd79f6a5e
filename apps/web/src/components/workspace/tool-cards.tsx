import { toolsBy, type TProtectedRoute } from '@muse/shared';
import { ArrowUpRight, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { TOOL_ICONS } from './tool-icons';

export type TToolCard = {
  title: string;
  description: string;
  to: TProtectedRoute;
  icon: LucideIcon;
  /** What one use costs, from the shared cost table. */
  cost: string;
  /** The tile's colour wash and icon colour. */
  tone: string;
};

/**
 * The tools of the dashboard and /tools, in their cards' order (docs/product/tools.md): image
 * editor, image generator, upscaler, video generator, generate product, generate prompt. Each
 * card is its tool's descriptor's (packages/shared/src/tools).
 */
export const TOOL_CARDS: readonly TToolCard[] = toolsBy('card').map((tool) => ({
  title: tool.card.title,
  description: tool.card.description,
  to: tool.path,
  icon: TOOL_ICONS[tool.card.icon],
  cost: `${tool.cost} credits ${tool.card.per}`,
  tone: tool.card.tone,
}));

/** One tool as a card that is a single link: its icon, name, what it does and what it costs. */
export function ToolCard({ tool, headingLevel = 3 }: { tool: TToolCard; headingLevel?: 2 | 3 }) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Icon = tool.icon;
  return (
    <Link
      to={tool.to}
      aria-labelledby={titleId}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-ink-800 bg-ink-900/70 p-5 transition-colors hover:border-brand-400/40 hover:bg-ink-900"
    >
      <span
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute inset-x-0 top-0 h-24 bg-gradient-to-b to-transparent opacity-70 transition-opacity group-hover:opacity-100',
          tool.tone,
        )}
      />
      <span className="relative flex items-start justify-between gap-3">
        <span
          className={cn(
            'grid size-11 place-items-center rounded-xl border border-white/10 bg-ink-950/60',
            tool.tone,
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <ArrowUpRight
          aria-hidden="true"
          className="size-5 text-zinc-500 transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5 group-hover:text-white"
        />
      </span>
      <Heading id={titleId} className="relative mt-5 text-base font-semibold text-white">
        {tool.title}
      </Heading>
      <p className="relative mt-1.5 flex-1 text-sm text-zinc-400">{tool.description}</p>
      <p className="relative mt-4 text-xs font-medium text-zinc-400">{tool.cost}</p>
    </Link>
  );
}

/** The tool cards in a responsive grid. */
export function ToolCardGrid({
  headingLevel = 3,
  className,
}: {
  headingLevel?: 2 | 3;
  className?: string;
}) {
  return (
    <ul className={cn('grid gap-4 sm:grid-cols-2 xl:grid-cols-3', className)}>
      {TOOL_CARDS.map((tool) => (
        <li key={tool.to}>
          <ToolCard tool={tool} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
