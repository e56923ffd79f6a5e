import type { TPublicPage, TPublicPost } from '@muse/shared';
import { Images } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';
import { PostCard } from './post-card';

/**
 * What an influencer's public page shows once it has the page: the header (who it is, that every
 * post is AI-generated) and the posts, newest first, locked ones as blurred previews with their
 * price and Unlock. `notes` are the purchase return's (after a checkout), above the header. The
 * app's route and the page's own first visit render this same content
 * (docs/decisions/0058-public-page-for-fans.md).
 */
/** The posts of a desktop's first row (three columns); a phone shows the first one. */
const FIRST_ROW = 3;

export function PageContent({
  page,
  posts,
  notes,
}: {
  page: TPublicPage;
  posts: readonly TPublicPost[];
  notes?: ReactNode;
}) {
  const newestFirst = [...posts].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  return (
    <div className="space-y-8">
      {notes}
      <PageHeader page={page} />
      <section aria-labelledby="posts-heading" className="space-y-4">
        <h2 id="posts-heading" className="text-lg font-semibold text-white">
          Posts
        </h2>
        {newestFirst.length === 0 ? (
          <p className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-ink-700 px-6 py-14 text-center text-sm text-zinc-400">
            <Images aria-hidden="true" className="size-8 text-zinc-500" />
            No posts yet. Come back soon.
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {newestFirst.map((post, index) => (
              <li key={post.id} className="min-w-0">
                <PostCard
                  handle={page.handle}
                  influencerName={page.name}
                  post={post}
                  // The first row is on screen as the page opens: its pictures load with it.
                  priority={index < FIRST_ROW ? (index === 0 ? 'first' : 'eager') : undefined}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
