/**
 * The one SMTP connection set-up (SMTP_URL) for every e-mail the server sends: leads to dealerships,
 * the daily lead digest, and staff invitations and password resets. Each wait is bounded by the lead
 * send timeout, so a silent mail server fails a send instead of holding a worker.
 */
import nodemailer from 'nodemailer';

export type Transport = ReturnType<typeof nodemailer.createTransport>;

export interface SmtpSettings {
  smtpUrl?: string;
  sendTimeoutMs: number;
}

/** A transport for SMTP_URL, or undefined when no SMTP server is configured. */
export function smtpTransport({ smtpUrl, sendTimeoutMs }: SmtpSettings): Transport | undefined {
  if (!smtpUrl) return undefined;
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: sendTimeoutMs,
    greetingTimeout: sendTimeoutMs,
    socketTimeout: sendTimeoutMs,
  });
}
