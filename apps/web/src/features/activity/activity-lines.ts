import { JOB_TOOLS, toolName, type TActivityEntry, type TJobTool } from '@muse/shared';

/** A line of the activity as it reads: what the member did, and to what. */
export type TActivityLine = { phrase: string; detail: string | null };

const POST_PHRASES: Record<string, string> = {
  published: 'published a post',
  scheduled: 'scheduled a post',
  submitted: 'sent a post for approval',
  resubmitted: 'sent a changed post for approval',
  changed: 'changed a post',
  rescheduled: 'rescheduled a post',
  approved: 'approved a post',
  returned: 'sent a post back with a note',
  deleted: 'deleted a post',
};

/** 'Generate ×2' for a job's 'generate-image ×2'; the key itself for a kind the web does not know. */
function jobLabel(summary: string): string {
  const [kind = '', ...rest] = summary.split(' ');
  const name = (JOB_TOOLS as readonly string[]).includes(kind)
    ? toolName(kind as TJobTool)
    : kind === 'train-persona'
      ? 'Persona training'
      : kind === 'write-text'
        ? 'A draft in a persona’s words'
        : kind;
  return [name, ...rest].join(' ');
}

/**
 * How a line of the workspace's activity reads after its actor's name: 'approved a post' with
 * 'Mara Lind: “Sunset drop”' under it, 'invited jun@example.com as editor', 'turned approval on'.
 * An action the web does not know yet reads as the server wrote it.
 */
export function describeActivity(entry: TActivityEntry): TActivityLine {
  const summary = entry.summary.trim() || null;
  switch (entry.subjectType) {
    case 'post':
      return { phrase: POST_PHRASES[entry.action] ?? `${entry.action} a post`, detail: summary };
    case 'job':
      return { phrase: 'started a tool', detail: summary ? jobLabel(summary) : null };
    case 'member':
      switch (entry.action) {
        case 'invited':
          return { phrase: summary ? `invited ${summary}` : 'invited someone', detail: null };
        case 'withdrew':
          return { phrase: 'withdrew an invitation', detail: summary };
        case 'joined':
          return { phrase: summary ? `joined ${summary}` : 'joined', detail: null };
        case 'changed':
          return { phrase: 'changed a member’s role', detail: summary };
        case 'removed':
          return { phrase: 'removed a member', detail: summary };
        case 'left':
          return { phrase: 'left the workspace', detail: summary };
      }
      break;
    case 'workspace':
      if (entry.action === 'created') return { phrase: 'created the workspace', detail: summary };
      // 'renamed it Studio North, turned approval on'
      if (entry.action === 'changed' && summary) return { phrase: summary, detail: null };
      return { phrase: `${entry.action} the workspace`, detail: null };
  }
  return { phrase: entry.action, detail: summary };
}
