import type { TPost } from '@muse/shared';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { usePosts, type TPostsParams } from '../api/get-posts';
import { formatDay, type TDayKey } from '../calendar-time';
import { WEB_PUBLISHING_TEXTS } from '../publishing-texts';
import { PostChip } from './post-chip';

/**
 * Every post of one day, for a day the month table shows only the first few of
 * (docs/product/publishing.md): loaded when it is opened; a post opens as from the table.
 */
export function DayPostsDialog({
  day,
  params,
  timeZone,
  onOpen,
  onClose,
}: {
  day: TDayKey | null;
  /** The day's range, from its midnight to the next, in `timeZone`. */
  params: TPostsParams | null;
  timeZone: string;
  onOpen: (post: TPost) => void;
  onClose: () => void;
}) {
  const posts = usePosts(params ?? { from: '', to: '', month: '', timeZone }, {
    enabled: params !== null,
  });
  return (
    <Dialog open={day !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {day ? (
        <DialogContent title={`Posts on ${formatDay(day)}`}>
          {posts.isPending ? (
            <Spinner label="Loading posts..." className="py-10" />
          ) : posts.isError && !posts.data ? (
            <QueryError
              query={posts}
              title={WEB_PUBLISHING_TEXTS.postsLoadFailed}
              className="mt-4"
            />
          ) : (
            <ul aria-label={`Posts on ${formatDay(day)}`} className="mt-4 space-y-1.5">
              {posts.data.posts.map((post) => (
                <li key={post.id}>
                  <PostChip
                    post={post}
                    timeZone={timeZone}
                    onOpen={onOpen}
                    wide
                    className="p-1.5 text-sm"
                  />
                </li>
              ))}
            </ul>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
