import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';

/** An unknown or hidden page, or a post that is not on it: the text, and a way on. */
export function PageNotFound({
  text,
  back,
}: {
  text: string;
  /** Where the way on leads: Muse's home, or the influencer's page for a missing post. */
  back: { to: string; label: string };
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-2 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-ink-800 text-zinc-400 ring-1 ring-ink-600 ring-inset">
        <SearchX aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-xl font-semibold text-white">{text}</h1>
      <p className="mt-2 text-sm text-zinc-400">
        The link may be mistyped, or the page is no longer shown.
      </p>
      <Button asChild variant="outline" className="mt-7">
        <Link to={back.to}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {back.label}
        </Link>
      </Button>
    </div>
  );
}
