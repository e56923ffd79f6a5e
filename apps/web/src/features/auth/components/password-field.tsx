import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Field, Input } from '../../../components/ui/input';

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
  return (
    <Field label={label}>
      {(id) => (
        <div className="relative">
          <Input
            id={id}
            name={name}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete}
            required
            aria-invalid={invalid || undefined}
            className="pr-12"
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-controls={id}
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
