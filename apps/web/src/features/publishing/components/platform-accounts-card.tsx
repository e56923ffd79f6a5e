import {
  PLATFORM_RULES,
  PLATFORM_TEXTS,
  type TPlatformAccount,
  type TPublishPlatform,
} from '@muse/shared';
import {
  CircleCheck,
  CircleDashed,
  ExternalLink,
  Loader2,
  Plug,
  RotateCw,
  Share2,
  Unplug,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../components/ui/form';
import { Pill } from '../../../components/ui/pill';
import { QueryError } from '../../../components/ui/query-error';
import { toast } from '../../../components/ui/toaster';
import { cn } from '../../../lib/cn';
import { initialsOf } from '../../../lib/initials';
import { useConnectPlatform } from '../api/connect-platform';
import { useDisconnectPlatform } from '../api/disconnect-platform';
import { usePlatformAccounts } from '../api/get-platform-accounts';
import { usePlatformStats, type TPlatformStats } from '../api/get-platform-stats';
import { usePlatforms, type TPlatformInfo } from '../api/get-platforms';
import { leaveFor } from '../leave-for';
import { PLATFORM_INITIALS } from '../post-targets';
import { formatCount } from '../publishing-format';
import { WEB_PUBLISHING_TEXTS } from '../publishing-texts';
import { usePlatformConnectFlag } from '../use-platform-connect-flag';
import { useCan } from '../../../lib/workspaces';

const STATUS_LOOKS: Record<TPlatformAccount['status'], string> = {
  connected: 'border-emerald-400/40 bg-emerald-500/15 text-emerald-200',
  expired: 'border-amber-400/40 bg-amber-500/15 text-amber-200',
  revoked: 'border-red-400/50 bg-red-500/15 text-red-200',
};

const STATUS_LABELS: Record<TPlatformAccount['status'], string> = {
  connected: WEB_PUBLISHING_TEXTS.platformsConnected,
  expired: PLATFORM_TEXTS.expired,
  revoked: PLATFORM_TEXTS.revoked,
};

/**
 * The influencer's accounts on the platforms Muse publishes to (docs/product/platform-publishing.md):
 * one row per platform, the ones chosen in onboarding first. A platform this Muse has no app
 * credentials for says which variables turn it on and what the platform must approve; one that
 * is on offers Connect (the platform's consent screen, which comes back here); a connected
 * account shows who it is, Reconnect once its access expired or was revoked, and Disconnect.
 * Below, each connected platform's published posts and what they were counted.
 */
export function PlatformAccountsCard({ influencerId }: { influencerId: string }) {
  usePlatformConnectFlag(influencerId);
  const platforms = usePlatforms();
  const accounts = usePlatformAccounts(influencerId);
  const connectedAny = (accounts.data?.accounts.length ?? 0) > 0;
  const stats = usePlatformStats(influencerId, { enabled: connectedAny });
  const failed = platforms.isError ? platforms : accounts.isError ? accounts : null;
  const accountOf = (key: TPublishPlatform) =>
    accounts.data?.accounts.find((account) => account.platform === key);

  return (
    <section
      aria-labelledby="platforms-heading"
      className="rounded-2xl border border-ink-800 bg-ink-900/70 p-5 sm:p-6"
    >
      <header className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-500/15 text-brand-300">
          <Share2 aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-0.5">
          <h2 id="platforms-heading" className="text-lg font-semibold text-white">
            {WEB_PUBLISHING_TEXTS.platformsCardTitle}
          </h2>
          <p className="text-sm text-zinc-400">{WEB_PUBLISHING_TEXTS.platformsCardNote}</p>
        </div>
      </header>
      {failed ? (
        <QueryError
          query={failed}
          title={WEB_PUBLISHING_TEXTS.platformsLoadFailed}
          className="mt-5"
        />
      ) : platforms.data && accounts.data ? (
        <>
          <ul className="mt-5 divide-y divide-ink-800 rounded-xl border border-ink-800">
            {accounts.data.order.flatMap((key) => {
              const platform = platforms.data.find((info) => info.key === key);
              return platform
                ? [
                    <PlatformRow
                      key={key}
                      influencerId={influencerId}
                      platform={platform}
                      account={accountOf(key)}
                    />,
                  ]
                : [];
            })}
          </ul>
          {connectedAny ? (
            <PlatformStats
              query={stats}
              order={accounts.data.order.filter((key) => accountOf(key))}
            />
          ) : null}
        </>
      ) : (
        <div role="status" aria-label="Loading the platforms" className="mt-5 space-y-2">
          {[0, 1, 2, 3].map((row) => (
            <span key={row} className="block h-16 animate-pulse rounded-xl bg-ink-800" />
          ))}
        </div>
      )}
    </section>
  );
}

/** The platform's mark: the account's picture once connected, else its initials. */
function AccountPicture({
  platform,
  account,
}: {
  platform: TPublishPlatform;
  account?: TPlatformAccount;
}) {
  const [broken, setBroken] = useState(false);
  if (account?.pictureUrl && !broken)
    return (
      <img
        src={account.pictureUrl}
        alt=""
        loading="lazy"
        onError={() => setBroken(true)}
        className="size-10 shrink-0 rounded-full bg-ink-800 object-cover"
      />
    );
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-10 shrink-0 place-items-center bg-ink-800 text-sm font-semibold text-zinc-200',
        account ? 'rounded-full' : 'rounded-xl',
      )}
    >
      {account ? initialsOf(account.displayName || account.username) : PLATFORM_INITIALS[platform]}
    </span>
  );
}

function PlatformRow({
  influencerId,
  platform,
  account,
}: {
  influencerId: string;
  platform: TPlatformInfo;
  account: TPlatformAccount | undefined;
}) {
  const nameId = useId();
  const connect = useConnectPlatform();
  const disconnect = useDisconnectPlatform();
  const [confirming, setConfirming] = useState(false);
  // Connecting and disconnecting accounts is for owners and admins (the 'platforms' right).
  const canConnect = useCan('platforms');
  const { name, key } = platform;
  // Until the browser has left for the platform, the button stays busy.
  const leaving = connect.isPending || connect.isSuccess;

  function start() {
    connect.mutate(
      { influencerId, platform: key },
      {
        onSuccess: (url) => leaveFor(url),
        onError: (error) => toast.error(errorText(error, WEB_PUBLISHING_TEXTS.connectStartFailed)),
      },
    );
  }

  function confirmDisconnect() {
    disconnect.mutate(
      { influencerId, platform: key },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(PLATFORM_TEXTS.disconnected(name));
        },
        onError: (error) => {
          setConfirming(false);
          toast.error(errorText(error, WEB_PUBLISHING_TEXTS.disconnectFailed));
        },
      },
    );
  }

  const connectButton = (label: string, variant: 'primary' | 'outline') => (
    <Button
      variant={variant}
      size="sm"
      onClick={start}
      disabled={leaving}
      className="max-sm:w-full"
    >
      {leaving ? (
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
      ) : label === PLATFORM_TEXTS.connect ? (
        <Plug aria-hidden="true" className="size-4" />
      ) : (
        <RotateCw aria-hidden="true" className="size-4" />
      )}
      {label}
      <span className="sr-only"> {name}</span>
    </Button>
  );

  let body;
  let actions = null;
  if (!platform.enabled) {
    body = (
      <>
        <Heading id={nameId} name={name}>
          <Pill icon={CircleDashed} className="border border-ink-600 bg-ink-800 text-zinc-300">
            {WEB_PUBLISHING_TEXTS.platformsNotSetUp}
          </Pill>
        </Heading>
        <p className="text-xs text-zinc-400">
          {WEB_PUBLISHING_TEXTS.platformsTurnOn}{' '}
          {platform.variables.map((variable, index) => (
            <span key={variable}>
              {index ? ', ' : null}
              <code className="font-mono text-[11px] break-all text-zinc-200">{variable}</code>
            </span>
          ))}
        </p>
        <p className="text-xs text-zinc-500">{platform.review}</p>
      </>
    );
  } else if (!account) {
    body = (
      <Heading id={nameId} name={name}>
        <span className="text-xs text-zinc-400">{WEB_PUBLISHING_TEXTS.platformsNotConnected}</span>
      </Heading>
    );
    actions = connectButton(PLATFORM_TEXTS.connect, 'primary');
  } else {
    const lost = account.status !== 'connected';
    body = (
      <>
        <Heading id={nameId} name={name}>
          <Pill
            icon={lost ? Unplug : CircleCheck}
            className={cn('border', STATUS_LOOKS[account.status])}
          >
            {STATUS_LABELS[account.status]}
          </Pill>
        </Heading>
        <p className="min-w-0 text-sm">
          <span className="block truncate text-zinc-100">{account.displayName}</span>
          <a
            href={account.profileUrl}
            target="_blank"
            rel="noopener"
            className="inline-flex max-w-full items-center gap-1 text-xs text-brand-300 underline-offset-2 hover:underline"
          >
            <span className="truncate">@{account.username}</span>
            <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
            <span className="sr-only">{WEB_PUBLISHING_TEXTS.opensInNewTab}</span>
          </a>
        </p>
        {account.privateOnly ? (
          <p className="text-xs text-amber-200">{PLATFORM_TEXTS.privateOnly}</p>
        ) : null}
      </>
    );
    actions = (
      <>
        {lost ? connectButton(PLATFORM_TEXTS.reconnect, 'primary') : null}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setConfirming(true)}
          disabled={disconnect.isPending || leaving}
          className="max-sm:w-full"
        >
          <Unplug aria-hidden="true" className="size-4" />
          {PLATFORM_TEXTS.disconnect}
          <span className="sr-only"> {name}</span>
        </Button>
        <ConfirmDeleteDialog
          open={confirming}
          title={WEB_PUBLISHING_TEXTS.disconnectTitle(name)}
          description={WEB_PUBLISHING_TEXTS.disconnectNote(name)}
          pending={disconnect.isPending}
          onConfirm={confirmDisconnect}
          onClose={() => setConfirming(false)}
          confirmLabel={PLATFORM_TEXTS.disconnect}
          pendingLabel="Disconnecting..."
        />
      </>
    );
  }

  return (
    <li
      aria-labelledby={nameId}
      className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:p-4"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <AccountPicture platform={key} account={account} />
        <div className="min-w-0 flex-1 space-y-1">{body}</div>
      </div>
      {actions && canConnect ? (
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row sm:items-center">{actions}</div>
      ) : null}
    </li>
  );
}

function Heading({ id, name, children }: { id: string; name: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <h3 id={id} className="font-semibold text-white">
        {name}
      </h3>
      {children}
    </div>
  );
}

const STAT_FIGURES = [
  ['posts', 'Posts'],
  ['views', 'Views'],
  ['likes', 'Likes'],
  ['comments', 'Comments'],
  ['shares', 'Shares'],
] as const;

/** Each connected platform's published posts and their totals, where it has posts. */
function PlatformStats({
  query,
  order,
}: {
  query: ReturnType<typeof usePlatformStats>;
  order: readonly TPublishPlatform[];
}) {
  if (query.isPending) return null;
  if (query.isError)
    return (
      <QueryError
        query={query}
        title={WEB_PUBLISHING_TEXTS.statsLoadFailed}
        className="mt-5 py-6"
      />
    );
  const shown = order.flatMap(
    (key) => query.data.find((stats) => stats.platform === key && stats.posts > 0) ?? [],
  );
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="platform-stats-heading" className="mt-6 space-y-3">
      <div className="space-y-0.5">
        <h3 id="platform-stats-heading" className="font-semibold text-white">
          {WEB_PUBLISHING_TEXTS.statsTitle}
        </h3>
        <p className="text-xs text-zinc-400">{WEB_PUBLISHING_TEXTS.statsNote}</p>
      </div>
      <ul className="grid gap-2">
        {shown.map((stats) => (
          <StatsRow key={stats.platform} stats={stats} />
        ))}
      </ul>
    </section>
  );
}

function StatsRow({ stats }: { stats: TPlatformStats }) {
  const nameId = useId();
  return (
    <li
      aria-labelledby={nameId}
      className="rounded-xl border border-ink-800 bg-ink-950/60 p-3 text-sm"
    >
      <p id={nameId} className="font-medium text-zinc-100">
        {PLATFORM_RULES[stats.platform].name}
      </p>
      <dl className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
        {STAT_FIGURES.map(([key, label]) => (
          <div key={key} className="min-w-0">
            <dt className="truncate text-xs text-zinc-400">{label}</dt>
            <dd className="font-semibold text-zinc-100 tabular-nums">
              {stats[key] === null ? '—' : formatCount(stats[key])}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
