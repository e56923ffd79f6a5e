import { GENERATE_TEXTS, INFLUENCER_PAGE_ROUTE, type TInfluencer } from '@muse/shared';
import { ImageOff } from 'lucide-react';
import { Link } from 'react-router';
import { InfluencerPicture } from '../../../../components/workspace/influencer-picture';
import { PersonaStatusBadge } from '../../../../components/workspace/persona-status-badge';

/** One persona to choose: its picture, its name and whether it is ready. */
function Choice({
  value,
  checked,
  disabled,
  onChange,
  children,
}: {
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <label
      className={`flex min-h-14 items-center gap-3 rounded-xl border border-ink-700 bg-ink-950/60 p-2 pr-3 text-sm text-zinc-300 transition-colors has-[:checked]:border-brand-400 has-[:checked]:bg-brand-500/10 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400 ${disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer hover:border-ink-600'}`}
    >
      <input
        type="radio"
        name="influencer"
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(value)}
        className="sr-only"
      />
      {children}
    </label>
  );
}

/**
 * Who the images show: one of the creator's influencers (picture, name, ready or not) or no one
 * (unless `allowNone` is false: face swap and product shots need a persona). A persona that is not
 * ready cannot be chosen; its page is one click away.
 */
export function PersonaPicker({
  influencers,
  value,
  onChange,
  allowNone = true,
  legend = 'Influencer',
}: {
  influencers: TInfluencer[];
  value: string;
  onChange: (value: string) => void;
  allowNone?: boolean;
  legend?: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-zinc-300">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {influencers.map((influencer) => (
          <div key={influencer.id} className="space-y-1">
            <Choice
              value={influencer.id}
              checked={value === influencer.id}
              disabled={!influencer.ready}
              onChange={onChange}
            >
              <span className="relative size-10 shrink-0 overflow-hidden rounded-lg bg-ink-800">
                <InfluencerPicture
                  influencer={influencer}
                  initialsClassName="text-sm"
                  imageClassName="size-full object-cover"
                />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{influencer.name}</span>
                <PersonaStatusBadge status={influencer.personaStatus} className="mt-0.5 py-0.5" />
              </span>
            </Choice>
            {!influencer.ready ? (
              <p className="px-1 text-xs text-zinc-400">
                {GENERATE_TEXTS.notReady}{' '}
                <Link
                  to={`${INFLUENCER_PAGE_ROUTE}/${influencer.id}`}
                  className="text-brand-300 underline-offset-2 hover:underline"
                >
                  Open {influencer.name}
                </Link>
              </p>
            ) : null}
          </div>
        ))}
        {allowNone ? (
          <Choice value="" checked={value === ''} onChange={onChange}>
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-ink-800 text-zinc-400">
              <ImageOff aria-hidden="true" className="size-5" />
            </span>
            <span className="font-medium">{GENERATE_TEXTS.withoutPersona}</span>
          </Choice>
        ) : null}
      </div>
    </fieldset>
  );
}
