import { PLATFORM_RULES, PLATFORM_TEXTS, type TPublishPlatform } from '@muse/shared';
import { Link } from '@react-email/components';
import { MailAction, MailLayout, MailParagraph } from '../mail/layout';
import { renderMail, type TRenderedMail } from '../mail/render';

/** An account mail ready to send: its subject, its HTML and its plain-text alternative. */
export type TAccountMail = TRenderedMail & { subject: string };

/** The password-reset mail (docs/product/accounts.md): a single-use link, valid for an hour. */
export async function passwordResetMail(props: {
  fullName: string;
  link: string;
}): Promise<TAccountMail> {
  const rendered = await renderMail(
    <MailLayout preview="Choose a new password for your Muse account.">
      <MailParagraph>Hi {props.fullName},</MailParagraph>
      <MailParagraph>
        Someone asked to reset the password of your Muse account. To choose a new one, open this
        link within the next hour:
      </MailParagraph>
      <MailAction href={props.link} label="Choose a new password" />
      <MailParagraph>
        If it was not you, ignore this e-mail: your password stays as it is.
      </MailParagraph>
    </MailLayout>,
  );
  return { subject: 'Reset your Muse password', ...rendered };
}

/** The confirmation of the account's address, valid for 24 hours. */
export async function verifyEmailMail(props: {
  fullName: string;
  link: string;
}): Promise<TAccountMail> {
  const rendered = await renderMail(
    <MailLayout preview="Confirm the e-mail address of your Muse account.">
      <MailParagraph>Hi {props.fullName},</MailParagraph>
      <MailParagraph>
        Please confirm that this is the e-mail address of your Muse account by opening this link
        within the next 24 hours:
      </MailParagraph>
      <MailAction href={props.link} label="Confirm my address" />
      <MailParagraph>
        If you did not sign up for Muse, ignore this e-mail and do not open the link: someone may
        have typed your address by mistake.
      </MailParagraph>
    </MailLayout>,
  );
  return { subject: 'Confirm your e-mail address for Muse', ...rendered };
}

/** Tells the owner that a Google sign-in secured the account and removed the old password. */
export async function googleTakeoverMail(props: { fullName: string }): Promise<TAccountMail> {
  const rendered = await renderMail(
    <MailLayout preview="Sign in to Muse with Google from now on.">
      <MailParagraph>Hi {props.fullName},</MailParagraph>
      <MailParagraph>
        You signed in to Muse with Google. This e-mail address had an account whose address was
        never confirmed, so to keep it yours we secured it with your Google sign-in: the password it
        had was removed and every other session was signed out.
      </MailParagraph>
      <MailParagraph>
        From now on, sign in with Google. If you want a password as well, choose one with
        &quot;Forgot your password?&quot; on the login page.
      </MailParagraph>
    </MailLayout>,
  );
  return { subject: 'Your Muse account is now secured by Google sign-in', ...rendered };
}

/** The link that confirms a new address for the account, valid for 24 hours. */
export async function emailChangeMail(props: {
  fullName: string;
  newEmail: string;
  link: string;
}): Promise<TAccountMail> {
  const rendered = await renderMail(
    <MailLayout preview="Confirm the new e-mail address of your Muse account.">
      <MailParagraph>Hi {props.fullName},</MailParagraph>
      <MailParagraph>
        You asked to use {props.newEmail} for your Muse account. To make the change, open this link
        within the next 24 hours:
      </MailParagraph>
      <MailAction href={props.link} label="Use this address" />
      <MailParagraph>
        Until then your account keeps its current address. If you did not ask for this, ignore this
        e-mail.
      </MailParagraph>
    </MailLayout>,
  );
  return { subject: 'Confirm your new e-mail address for Muse', ...rendered };
}

/** Tells the old address that the account now uses another one. */
export async function emailChangedMail(props: {
  fullName: string;
  newEmail: string;
  supportLink: string;
}): Promise<TAccountMail> {
  const rendered = await renderMail(
    <MailLayout preview="Your Muse account uses a new e-mail address.">
      <MailParagraph>Hi {props.fullName},</MailParagraph>
      <MailParagraph>
        The e-mail address of your Muse account was changed to {props.newEmail}. Sign in with it
        from now on; this address no longer receives the account&apos;s mail.
      </MailParagraph>
      <MailParagraph>
        If you did not make this change, contact Muse support at once so we can secure your account.
      </MailParagraph>
      <MailAction href={props.supportLink} label="Contact support" />
    </MailLayout>,
  );
  return { subject: 'The e-mail address of your Muse account was changed', ...rendered };
}

/**
 * Tells the owner that Muse stopped calling a webhook endpoint that failed every delivery for 5
 * days (docs/product/public-api.md, 'Webhooks'), and how to turn it on again.
 */
export async function webhookDisabledMail(props: {
  fullName: string;
  url: string;
  failingSince: Date;
  settingsLink: string;
}): Promise<TAccountMail> {
  const since = props.failingSince.toUTCString();
  const rendered = await renderMail(
    <MailLayout preview="Muse stopped sending events to one of your webhook endpoints.">
      <MailParagraph>Hi {props.fullName},</MailParagraph>
      <MailParagraph>
        Every delivery to your webhook endpoint {props.url} has failed since {since}, so Muse turned
        it off and sends it no more events.
      </MailParagraph>
      <MailParagraph>
        Once the endpoint answers again with a 2xx status, add it again under Settings, Webhooks
        (and remove the old one): the new endpoint gets a new signing secret.
      </MailParagraph>
      <MailAction href={props.settingsLink} label="Open webhook settings" />
    </MailLayout>,
  );
  return { subject: 'A Muse webhook endpoint was turned off', ...rendered };
}

/** The platform as its account is spoken of ('YouTube', not 'YouTube Shorts'). */
const platformName = (platform: TPublishPlatform) =>
  PLATFORM_RULES[platform].name.replace(' Shorts', '');

/** A caption as a mail quotes it: its first line, cut at 80 characters. */
function quoted(caption: string): string {
  const line = caption.split('\n')[0]?.trim() ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * What became of a post Muse took down (docs/product/platform-publishing.md, 'Takedown'): the
 * copies deleted from the platforms, and those the creator must delete there, each with its
 * link and why Muse could not.
 */
export async function postTakenDownMail(props: {
  fullName: string;
  influencerName: string;
  caption: string;
  removed: { platform: TPublishPlatform }[];
  byHand: { platform: TPublishPlatform; message: string | null; url: string | null }[];
  calendarLink: string;
}): Promise<TAccountMail> {
  const caption = quoted(props.caption);
  const rendered = await renderMail(
    <MailLayout preview="Muse took a post down and off the platforms it was published to.">
      <MailParagraph>Hi {props.fullName},</MailParagraph>
      <MailParagraph>
        Muse took down a post of {props.influencerName}
        {caption ? ` (“${caption}”)` : ''}, so it also comes off the platforms it was published to.
      </MailParagraph>
      {props.removed.length ? (
        <MailParagraph>
          Removed by Muse: {props.removed.map((copy) => platformName(copy.platform)).join(', ')}.
        </MailParagraph>
      ) : null}
      {props.byHand.length ? (
        <>
          <MailParagraph>
            Please delete {props.byHand.length === 1 ? 'this copy' : 'these copies'} yourself: Muse
            could not.
          </MailParagraph>
          {props.byHand.map((copy) => (
            <MailParagraph key={copy.platform}>
              {platformName(copy.platform)}: {copy.message ? `${copy.message}. ` : ''}
              {PLATFORM_TEXTS.deleteOn(platformName(copy.platform))}
              {copy.url ? (
                <>
                  {': '}
                  <Link href={copy.url}>{copy.url}</Link>
                </>
              ) : null}
            </MailParagraph>
          ))}
        </>
      ) : null}
      <MailAction href={props.calendarLink} label="Open the calendar" />
    </MailLayout>,
  );
  return { subject: 'Muse took your post off the platforms', ...rendered };
}

/** An invitation into a workspace (docs/product/teams.md): a one-time link, valid 7 days. */
export async function workspaceInvitationMail(props: {
  inviter: string;
  workspace: string;
  role: string;
  link: string;
  expiresAt: Date;
}): Promise<TAccountMail> {
  const rendered = await renderMail(
    <MailLayout preview={`${props.inviter} invited you to ${props.workspace} on Muse.`}>
      <MailParagraph>Hello,</MailParagraph>
      <MailParagraph>
        {props.inviter} invited you to join {props.workspace} on Muse as {props.role}. To accept,
        open this link and sign in (or create your account) with this address, before{' '}
        {props.expiresAt.toUTCString()}:
      </MailParagraph>
      <MailAction href={props.link} label={`Join ${props.workspace}`} />
      <MailParagraph>If you did not expect it, ignore this e-mail: nothing changes.</MailParagraph>
    </MailLayout>,
  );
  return { subject: `${props.inviter} invited you to ${props.workspace} on Muse`, ...rendered };
}
