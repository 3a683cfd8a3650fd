/**
 * The one SMTP connection set-up (SMTP_URL) for every e-mail the server sends: leads to dealerships,
 * the daily lead digest, and staff invitations and password resets. Each wait is bounded by the lead
 * send timeout, so a silent mail server fails a send instead of holding a worker.
 *
 * nodemailer is loaded with the first message, not at start: a server without SMTP_URL (the demo, a
 * web-only instance) never holds its 0.7 MB of module source and what it allocates (decision 346).
 */
import type { SendMailOptions } from 'nodemailer';

/** What the server asks of a transport: one message at a time, and closing its connections. */
export interface Transport {
  sendMail(message: SendMailOptions): Promise<unknown>;
  close(): void;
}

export interface SmtpSettings {
  smtpUrl?: string;
  sendTimeoutMs: number;
}

/** A transport for SMTP_URL, or undefined when no SMTP server is configured. */
export function smtpTransport({ smtpUrl, sendTimeoutMs }: SmtpSettings): Transport | undefined {
  if (!smtpUrl) return undefined;
  let opened: ReturnType<typeof open> | undefined;
  const open = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: sendTimeoutMs,
      greetingTimeout: sendTimeoutMs,
      socketTimeout: sendTimeoutMs,
    });
  };
  const opening = () => (opened ??= open());
  return {
    sendMail: async (message) => (await opening()).sendMail(message),
    // Nothing to close before the first message opened a connection.
    close: () => void opened?.then((t) => t.close()),
  };
}
