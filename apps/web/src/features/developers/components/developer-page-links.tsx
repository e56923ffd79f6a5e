import { API_KEY_TEXTS } from '@muse/shared';
import { ArrowLeft, BookOpen } from 'lucide-react';
import { Link } from 'react-router';

/** Where the API reference is: served by the server, so a plain link, not the app's router. */
export const API_REFERENCE_PATH = '/docs/api';

/** Above a developer page's heading: back to the settings, and the API reference. */
export function DeveloperPageLinks() {
  return (
    <nav
      aria-label="Developer pages"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm"
    >
      <Link
        to="/settings"
        className="inline-flex items-center gap-1.5 font-medium text-zinc-400 hover:text-white"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Settings
      </Link>
      <a
        href={API_REFERENCE_PATH}
        className="inline-flex items-center gap-1.5 font-medium text-brand-300 hover:text-brand-400 hover:underline"
      >
        <BookOpen aria-hidden="true" className="size-4" />
        {API_KEY_TEXTS.reference}
      </a>
    </nav>
  );
}
