import nodemailer from 'nodemailer';
import type { TConfig } from '../../config';
import type { TDatabase } from '../../db/client';
import { devMailbox } from '../../db/schema';

export type TMail = { to: string; subject: string; text: string; html?: string };

export type TMailer = {
  send: (mail: TMail) => Promise<void>;
  /** True when mail is kept in the local mailbox instead of being sent. */
  local: boolean;
  /** The address mails name for help (SUPPORT_EMAIL). */
  supportEmail: string;
};

type TLog = { info: (message: string) => void };

/**
 * Sends mail over SMTP_URL. Without it (never in production, see config), nodemailer renders
 * the message as usual and Muse keeps it in the local mailbox (GET /api/dev/mailbox) and logs
 * that it did, without its text.
 */
export function createMailer(config: TConfig, db: TDatabase, log: TLog): TMailer {
  if (config.SMTP_URL) {
    // Mail is sent by the job worker between its short scheduled tasks (modules/jobs/worker.ts):
    // a server that does not answer gives up within a minute, and the queue retries later.
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      local: false,
      supportEmail: config.SUPPORT_EMAIL,
      send: async (mail) => {
        await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    local: true,
    supportEmail: config.SUPPORT_EMAIL,
    send: async (mail) => {
      await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      await db.insert(devMailbox).values({
        to: mail.to.toLowerCase(),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      // Not its text: a mail's link (a reset or confirmation token) is a secret, even here.
      log.info(
        `Mail kept in the local mailbox for ${mail.to}: "${mail.subject}" (GET /api/dev/mailbox)`,
      );
    },
  };
}
