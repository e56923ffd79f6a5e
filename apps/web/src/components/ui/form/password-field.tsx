import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useHydrated } from '../../layout/use-hydrated';
import { Field, Input } from './index';

/** A labelled password input with a button that shows or hides what was typed. */
export function PasswordField({
  label,
  name,
  autoComplete,
  invalid,
}: {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  invalid?: boolean;
}) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <Field label={label} invalid={invalid}>
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            name={name}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete}
            required
            className="pr-12"
          />
          <button
            type="button"
            // Live once a prerendered page has hydrated (docs/decisions/0034-prerendered-public-pages.md).
            disabled={!hydrated}
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-controls={control.id}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-zinc-400 hover:text-white"
          >
            {visible ? (
              <EyeOff className="size-4" aria-hidden="true" />
            ) : (
              <Eye className="size-4" aria-hidden="true" />
            )}
          </button>
        </div>
      )}
    </Field>
  );
}
