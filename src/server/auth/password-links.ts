/**
 * Links to choose a password: the invitation of a new staff member (valid INVITE_DAYS) and a reset an
 * admin asks for on someone's behalf (valid an hour). Both are better-auth reset tokens, so the one
 * reset page takes them. Without SMTP, outside production, the link comes back to the admin who asked, to
 * pass on by hand; in production it never does (a link in an answer is a password in a browser's history).
 */
import { randomBytes } from 'node:crypto';
import type { Deps } from '../deps.ts';
import type { Logger } from '../log.ts';
import { inviteMail, resetMail, sendStaffMail } from './mail.ts';
import { RESET_TOKEN_SECONDS, staffAuth } from './staff-auth.ts';

const INVITE_DAYS = 7;

export interface LinkDelivery {
  /** The e-mail went to the SMTP server. */
  emailed: boolean;
  /** The link itself: only when it was not e-mailed and this is not production. */
  link?: string;
}

async function resetToken(deps: Deps, staffId: string, seconds: number) {
  const ctx = await staffAuth(deps).$context;
  const token = randomBytes(24).toString('base64url');
  await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: staffId,
    expiresAt: new Date(Date.now() + seconds * 1000),
  });
  return token;
}

async function deliver(deps: Deps, logger: Logger | undefined, mail: Parameters<typeof sendStaffMail>[2]) {
  const emailed = await sendStaffMail(deps, logger, mail);
  return emailed || deps.config.env === 'production' ? { emailed } : { emailed, link: mail.link };
}

type Member = { id: string; email: string; name: string };

export async function sendInvitation(deps: Deps, logger: Logger | undefined, m: Member, by: string) {
  const token = await resetToken(deps, m.id, INVITE_DAYS * 86_400);
  return deliver(deps, logger, inviteMail(deps, m.email, m.name, token, by));
}

export async function sendPasswordReset(deps: Deps, logger: Logger | undefined, m: Member) {
  const token = await resetToken(deps, m.id, RESET_TOKEN_SECONDS);
  return deliver(deps, logger, resetMail(deps, m.email, m.name, token));
}
