/**
 * E-mail to staff (invitations, password resets) through the same SMTP server as lead e-mails
 * (SMTP_URL). Without SMTP, development logs the link so a newcomer can still finish the flow;
 * production only warns, since a reset link in a log is a password in a log.
 */
import type { Deps } from '../deps.ts';
import type { Logger } from '../log.ts';
import { smtpTransport } from '../mail/transport.ts';

export interface StaffMail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about, for the development log. */
  link: string;
}

/** True when the mail went to the SMTP server; false without SMTP_URL (nothing was sent). */
export async function sendStaffMail(
  deps: Deps,
  logger: Logger | undefined,
  mail: StaffMail,
): Promise<boolean> {
  const transport = smtpTransport(deps.config.leads);
  if (!transport) {
    if (deps.config.env === 'production')
      logger?.warn('SMTP_URL is not set: staff e-mail not sent', { to: mail.to, subject: mail.subject });
    else logger?.warn('SMTP_URL is not set: staff e-mail logged instead', { to: mail.to, link: mail.link });
    return false;
  }
  try {
    await transport.sendMail({
      from: { name: `${deps.config.brandName} dealer group admin`, address: deps.config.staff.fromEmail },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    return true;
  } finally {
    transport.close();
  }
}

const adminUrl = (deps: Deps, hashPath: string) => `${deps.config.siteUrl}/admin/#${hashPath}`;

export function resetMail(deps: Deps, to: string, name: string, token: string): StaffMail {
  const link = adminUrl(deps, `/reset-password?token=${encodeURIComponent(token)}`);
  return {
    to,
    subject: 'Reset your password',
    link,
    text: `Hello ${name},\n\nSomeone (we hope you) asked to reset your password for the ${deps.config.brandName} dealer group admin.\nChoose a new password here within the hour:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
  };
}

export function inviteMail(deps: Deps, to: string, name: string, token: string, by: string): StaffMail {
  const link = adminUrl(deps, `/reset-password?token=${encodeURIComponent(token)}&invite=1`);
  return {
    to,
    subject: `You are invited to the ${deps.config.brandName} dealer group admin`,
    link,
    text: `Hello ${name},\n\n${by} invited you to the ${deps.config.brandName} dealer group admin.\nChoose your password here within 7 days, then sign in at ${deps.config.siteUrl}/admin/:\n\n${link}\n`,
  };
}
