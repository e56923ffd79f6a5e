import type { FormEvent, ReactNode } from 'react';

/**
 * The form of a sign-in page. Its page's script sends it: the submit button waits for the page to
 * hydrate, since a form sent before would post, and no password belongs in an address
 * (docs/decisions/0034-prerendered-public-pages.md). Its schema loads when the visitor first
 * focuses a field, so sending it rarely waits (docs/decisions/0036-schemas-on-first-use.md); a
 * schema that cannot load then is loaded again, and reported, when the form is sent.
 */
export function AuthForm({
  onSubmit,
  loadSchema,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  loadSchema: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadSchema().catch(() => {})}
      className="space-y-4"
    >
      {children}
    </form>
  );
}
