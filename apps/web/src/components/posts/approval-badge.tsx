import type { TPost } from '@muse/shared';
import { Clock, Undo2 } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * Where a post an editor made stands, where the workspace asks for approval
 * (docs/product/teams.md): waiting for an owner, admin or viewer, or sent back to its maker with
 * a note. Neither is on the page nor sent to a platform; an approved post is an ordinary one again.
 */
export type TPendingApproval = 'waiting' | 'returned';

export const APPROVAL_TEXTS = {
  waiting: 'Waiting for approval',
  returned: 'Sent back',
  /** After the post's time, once it is approved: a post waiting never goes out on its own. */
  goesOutOnceApproved: 'Once approved',
  sentBackBy: (name: string | null) => (name ? `Sent back by ${name}` : 'Sent back'),
  madeBy: (name: string) => `by ${name}`,
} as const;

/** 'waiting' or 'returned' for a post held by approval; null for one that goes out as planned. */
export function pendingApproval(post: Pick<TPost, 'approval'>): TPendingApproval | null {
  const status = post.approval?.status;
  return status === 'waiting' || status === 'returned' ? status : null;
}

/**
 * The member who made the post, when it is someone other than the person looking: a post of
 * their own, or one a program's key made, names nobody.
 */
export function otherMaker(post: Pick<TPost, 'createdBy'>, userId: string | undefined) {
  return post.createdBy && post.createdBy.id !== userId ? post.createdBy.name : null;
}

const LOOKS: Record<TPendingApproval, { className: string; Icon: typeof Clock }> = {
  waiting: { className: 'border-amber-400/40 bg-amber-500/15 text-amber-200', Icon: Clock },
  returned: { className: 'border-orange-400/45 bg-orange-500/15 text-orange-200', Icon: Undo2 },
};

/** 'Waiting for approval' or 'Sent back' as a small pill; nothing for any other post. */
export function ApprovalBadge({
  post,
  className,
}: {
  post: Pick<TPost, 'approval'>;
  className?: string;
}) {
  const state = pendingApproval(post);
  if (!state) return null;
  const { className: look, Icon } = LOOKS[state];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        look,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {APPROVAL_TEXTS[state]}
    </span>
  );
}

/** The approver's note on a post sent back, with their name: what its maker is to change. */
export function ReturnedNote({ post, className }: { post: TPost; className?: string }) {
  if (post.approval?.status !== 'returned') return null;
  return (
    <div
      role="note"
      className={cn(
        'rounded-xl border border-orange-400/30 bg-orange-500/10 px-3 py-2.5 text-sm',
        className,
      )}
    >
      <p className="flex items-center gap-1.5 font-semibold text-orange-200">
        <Undo2 aria-hidden="true" className="size-4 shrink-0" />
        {APPROVAL_TEXTS.sentBackBy(post.approval.decidedBy)}
      </p>
      {post.approval.note ? (
        <p className="mt-1 whitespace-pre-line text-zinc-200 wrap-anywhere">{post.approval.note}</p>
      ) : null}
    </div>
  );
}
