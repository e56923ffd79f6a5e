import {
  DRAFT_TEXTS,
  EMOJI_HABIT_LABELS,
  EMOJI_HABITS,
  VOICE_PROFILE_LIMITS,
  WRITING_LANGUAGE_CODES,
  WRITING_LANGUAGES,
  ZVoiceProfile,
  type TEmojiHabit,
  type TVoiceProfile,
  type TWritingLanguage,
} from '@muse/shared';
import { Loader2, PenLine, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import {
  ErrorBanner,
  Field,
  Input,
  Select,
  errorText,
  fieldIssues,
  focusField,
} from '../../../components/ui/form';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { DraftCost, DraftNote } from '../../../components/workspace/draft-note';
import { useDraft } from '../../../lib/drafts';
import { useCan } from '../../../lib/workspaces';
import { useSaveVoiceProfile, useVoiceProfile } from '../api/voice-profile';

type TProfileForm = {
  tone: string;
  uses: string;
  avoids: string;
  emoji: TEmojiHabit;
  language: TWritingLanguage;
};

const EMPTY: TProfileForm = { tone: '', uses: '', avoids: '', emoji: 'few', language: 'en' };

const toForm = (profile: TVoiceProfile): TProfileForm => ({
  tone: profile.tone,
  uses: profile.uses.join(', '),
  avoids: profile.avoids.join(', '),
  emoji: profile.emoji,
  language: profile.language,
});

/** Words written as a list: separated by commas, blanks dropped. */
const words = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

/**
 * How the persona writes (docs/product/drafts.md): its tone, the words it uses and avoids, its
 * emoji and its language, followed by every caption, bio and prompt drafted in its name.
 * Drafted from its bio by the text engine, edited and saved by those who may edit the persona.
 */
export function WritingVoicePanel({ influencerId, name }: { influencerId: string; name: string }) {
  const profile = useVoiceProfile(influencerId);
  const canEdit = useCan('edit');
  let body;
  if (profile.isPending) body = <Spinner label="Loading the writing voice" className="py-6" />;
  else if (profile.isError)
    body = <QueryError query={profile} title="The writing voice could not be loaded." />;
  else
    body = (
      <ProfileForm
        key={JSON.stringify(profile.data)}
        influencerId={influencerId}
        name={name}
        saved={profile.data}
        canEdit={canEdit}
      />
    );
  return (
    <section
      aria-labelledby="writing-voice-heading"
      className="space-y-4 rounded-2xl border border-ink-800 bg-ink-900/70 p-5"
    >
      <div className="space-y-1">
        <h2 id="writing-voice-heading" className="text-lg font-semibold text-white">
          Writing voice
        </h2>
        <p className="text-sm text-zinc-400">
          How {name} writes. Every caption, bio and prompt drafted for {name} follows it.
        </p>
      </div>
      {body}
    </section>
  );
}

function ProfileForm({
  influencerId,
  name,
  saved,
  canEdit,
}: {
  influencerId: string;
  name: string;
  saved: TVoiceProfile | null;
  canEdit: boolean;
}) {
  const [form, setForm] = useState<TProfileForm>(saved ? toForm(saved) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const draft = useDraft<'voice-profile'>();
  const save = useSaveVoiceProfile(influencerId);
  const busy = draft.isPending || save.isPending;
  const set = <K extends keyof TProfileForm>(field: K, value: TProfileForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = ZVoiceProfile.safeParse({
      ...form,
      uses: words(form.uses),
      avoids: words(form.avoids),
    });
    if (!parsed.success) {
      const issues = fieldIssues(parsed.error);
      setErrors(issues);
      focusField(event.currentTarget, Object.keys(issues)[0]);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(DRAFT_TEXTS.profileSaved),
      onError: (error) => setFormError(errorText(error, 'The writing voice could not be saved')),
    });
  }

  if (!canEdit)
    return saved ? (
      <p className="text-sm text-zinc-300">{saved.tone}</p>
    ) : (
      <p className="text-sm text-zinc-400">No writing voice yet.</p>
    );

  return (
    <form noValidate onSubmit={submit} aria-label="Writing voice" className="space-y-4">
      {formError ? <ErrorBanner>{formError}</ErrorBanner> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() =>
            draft.mutate(
              { kind: 'voice-profile', influencerId },
              {
                onSuccess: (written) => {
                  setForm(toForm(written.draft.profile));
                  setErrors({});
                },
              },
            )
          }
        >
          {draft.isPending ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <PenLine aria-hidden="true" className="size-4" />
          )}
          {DRAFT_TEXTS.draftProfile}
        </Button>
        <DraftCost />
      </div>
      {draft.isError ? (
        <p role="alert" className="text-xs text-red-300">
          {draft.error instanceof Error ? draft.error.message : DRAFT_TEXTS.draftFailed}
        </p>
      ) : null}
      {draft.isSuccess ? <DraftNote preview={draft.data.preview} name={name} /> : null}

      <Field label="Tone" hint="A few words: how it sounds" error={errors.tone}>
        {(control) => (
          <Input
            {...control}
            name="tone"
            value={form.tone}
            maxLength={VOICE_PROFILE_LIMITS.tone}
            onChange={(event) => set('tone', event.target.value)}
            placeholder="warm, teasing, never preachy"
            disabled={busy}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Words it uses" hint="Separated by commas" error={errors.uses}>
          {(control) => (
            <Input
              {...control}
              name="uses"
              value={form.uses}
              onChange={(event) => set('uses', event.target.value)}
              placeholder="obsessed, save this look"
              disabled={busy}
            />
          )}
        </Field>
        <Field label="Words it avoids" hint="Separated by commas" error={errors.avoids}>
          {(control) => (
            <Input
              {...control}
              name="avoids"
              value={form.avoids}
              onChange={(event) => set('avoids', event.target.value)}
              placeholder="cheap, basic"
              disabled={busy}
            />
          )}
        </Field>
        <Field label="Emoji" error={errors.emoji}>
          {(control) => (
            <Select
              {...control}
              name="emoji"
              value={form.emoji}
              onChange={(event) => set('emoji', event.target.value as TEmojiHabit)}
              disabled={busy}
            >
              {EMOJI_HABITS.map((habit) => (
                <option key={habit} value={habit}>
                  {EMOJI_HABIT_LABELS[habit]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Language" error={errors.language}>
          {(control) => (
            <Select
              {...control}
              name="language"
              value={form.language}
              onChange={(event) => set('language', event.target.value as TWritingLanguage)}
              disabled={busy}
            >
              {WRITING_LANGUAGE_CODES.map((code) => (
                <option key={code} value={code}>
                  {WRITING_LANGUAGES[code]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="sm" disabled={busy}>
          {save.isPending && save.variables ? 'Saving...' : 'Save writing voice'}
        </Button>
        {saved ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() =>
              save.mutate(null, {
                onSuccess: () => toast.success(DRAFT_TEXTS.profileRemoved),
                onError: (error) =>
                  setFormError(errorText(error, 'The writing voice could not be removed')),
              })
            }
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove
          </Button>
        ) : null}
      </div>
    </form>
  );
}
