import type { TJobTool } from '@muse/shared';
import { Cpu } from 'lucide-react';
import { describeEngine, useEngines } from '../api/get-engines';

/** Which engine runs this tool: every tool page names its engine (docs/product/tools.md). */
export function EngineNote({ tool }: { tool: TJobTool }) {
  const engines = useEngines();
  if (!engines.data) return null;
  return (
    <p className="flex items-center gap-1.5 text-xs text-zinc-400">
      <Cpu aria-hidden="true" className="size-3.5" />
      Engine: {describeEngine(engines.data.engines[tool])}
    </p>
  );
}
