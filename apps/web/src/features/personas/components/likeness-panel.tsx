import {
  CONSENT_DOCUMENT,
  LIKENESS_LABELS,
  LIKENESS_STATEMENTS,
  LIKENESS_TEXTS,
  type TLikeness,
  type TLikenessStatementKind,
  type TPersona,
} from '@muse/shared';
import { FileText, UserRoundCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { VerifiedLikenessBadge } from '../../../components/workspace/verified-likeness-badge';
import { formatDate } from '../../../lib/format-date';
import { useDownloadConsentDocument } from '../api/download-consent-document';
import { useStateLikeness } from '../api/state-likeness';
import { SelfieVerifier } from './selfie-verifier';

const DOCUMENT_ACCEPT = [...CONSENT_DOCUMENT.types, '.pdf', '.jpg', '.jpeg', '.png'].join(',');

/**
 * Whose likeness the persona's photos show (docs/product/personas.md, 'Whose likeness'): the
 * three statements, the consent document for 'consent', and the selfie that verifies 'These
 * photos are of me'. Training waits for a statement; a new one replaces the current one.
 */
export function LikenessPanel({ persona }: { persona: TPersona }) {
  const current = persona.likeness;
  const [choice, setChoice] = useState<TLikenessStatementKind | null>(current?.statement ?? null);
  const [document, setDocument] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useStateLikeness(persona.influencerId);
  const groupId = useId();
  const documentId = useId();

  const keepsDocument =
    choice === 'consent' && current?.statement === 'consent' && !!current.document;
  const unchanged = choice === current?.statement && !document;

  function pickDocument(file: File | undefined) {
    setRefusal(null);
    setDocument(null);
    if (!file) return;
    if (file.size > CONSENT_DOCUMENT.maxBytes) setRefusal(LIKENESS_TEXTS.documentTooLarge);
    else setDocument(file);
  }

  return (
    <section
      aria-labelledby="likeness-heading"
      className="space-y-4 rounded-2xl border border-ink-800 bg-ink-900/70 p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="likeness-heading" className="text-lg font-semibold text-white">
          {LIKENESS_TEXTS.heading}
        </h2>
        <VerifiedLikenessBadge likeness={current} />
      </div>
      {current ? (
        <StatementSummary likeness={current} influencerId={persona.influencerId} />
      ) : (
        <p className="text-sm text-zinc-400">{LIKENESS_TEXTS.intro}</p>
      )}

      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!choice) return;
          save.mutate(
            { statement: choice, document: choice === 'consent' ? document : null },
            { onSuccess: () => setDocument(null) },
          );
        }}
      >
        <fieldset className="space-y-2" aria-describedby={`${groupId}-hint`}>
          <legend id={`${groupId}-hint`} className="sr-only">
            {LIKENESS_TEXTS.chooseStatement}
          </legend>
          {LIKENESS_STATEMENTS.map((statement) => (
            <label
              key={statement}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-ink-700 p-3 text-sm text-zinc-200 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-500/10"
            >
              <input
                type="radio"
                name={groupId}
                value={statement}
                checked={choice === statement}
                onChange={() => setChoice(statement)}
                className="mt-0.5 accent-brand-500"
              />
              {LIKENESS_LABELS[statement]}
            </label>
          ))}
        </fieldset>

        {choice === 'consent' ? (
          <div className="space-y-1.5">
            <label
              htmlFor={documentId}
              className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-ink-600 px-4 text-sm text-zinc-100 hover:border-brand-400 focus-within:outline-2 focus-within:outline-brand-400"
            >
              <FileText aria-hidden="true" className="size-4" />
              {LIKENESS_TEXTS.uploadDocument}
              <input
                id={documentId}
                type="file"
                accept={DOCUMENT_ACCEPT}
                className="sr-only"
                onChange={(event) => {
                  pickDocument(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </label>
            <p className="text-xs text-zinc-400">
              {document
                ? document.name
                : keepsDocument
                  ? `Kept: ${current.document!.name}`
                  : `${CONSENT_DOCUMENT.hint}. Kept privately: only you can download it.`}
            </p>
          </div>
        ) : null}

        <Button
          type="submit"
          variant={current ? 'outline' : 'primary'}
          disabled={!choice || unchanged || save.isPending}
          className="w-full"
        >
          {LIKENESS_TEXTS.save}
        </Button>
        {refusal || save.error ? (
          <p role="alert" className="text-sm text-red-300">
            {refusal ?? save.error?.message}
          </p>
        ) : null}
      </form>

      {current?.statement === 'self' && !current.verified ? (
        <SelfieVerifier influencerId={persona.influencerId} />
      ) : null}
    </section>
  );
}

/** What was stated and when, and what backs it: the selfie's match or the consent document. */
function StatementSummary({
  likeness,
  influencerId,
}: {
  likeness: TLikeness;
  influencerId: string;
}) {
  return (
    <dl className="space-y-2 text-sm">
      <div>
        <dt className="text-xs font-semibold tracking-wide text-zinc-400 uppercase">Stated</dt>
        <dd className="mt-0.5 text-zinc-200">
          ‘{LIKENESS_LABELS[likeness.statement]}’ on{' '}
          <time dateTime={likeness.statedAt}>{formatDate(likeness.statedAt)}</time>
        </dd>
      </div>
      {likeness.statement === 'self' && likeness.matchScore !== null ? (
        <div>
          <dt className="text-xs font-semibold tracking-wide text-zinc-400 uppercase">
            Selfie match
          </dt>
          <dd className="mt-0.5 flex items-center gap-1.5 text-zinc-200">
            {likeness.verified ? (
              <UserRoundCheck aria-hidden="true" className="size-4 text-sky-300" />
            ) : null}
            {likeness.matchScore} / 100
            {likeness.verifiedAt ? (
              <span className="text-zinc-400">
                {' '}
                (verified{' '}
                <time dateTime={likeness.verifiedAt}>{formatDate(likeness.verifiedAt)}</time>)
              </span>
            ) : null}
          </dd>
        </div>
      ) : null}
      {likeness.document ? (
        <DocumentLine document={likeness.document} influencerId={influencerId} />
      ) : null}
    </dl>
  );
}

function DocumentLine({
  document,
  influencerId,
}: {
  document: NonNullable<TLikeness['document']>;
  influencerId: string;
}) {
  const download = useDownloadConsentDocument(influencerId);
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-zinc-400 uppercase">
        Consent document
      </dt>
      <dd className="mt-0.5 flex flex-wrap items-center gap-2 text-zinc-200">
        <span className="min-w-0 truncate">{document.name}</span>
        <button
          type="button"
          className="text-brand-300 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400"
          onClick={() => download.mutate(document.name)}
          disabled={download.isPending}
        >
          Download
        </button>
        {download.error ? (
          <span role="alert" className="text-red-300">
            {download.error.message}
          </span>
        ) : null}
      </dd>
    </div>
  );
}
