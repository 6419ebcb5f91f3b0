import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../logger.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Deterministic Message-ID, so a re-sent digest is recognisable as the same message. */
  messageId?: string;
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  /** Where the .eml landed when mail goes to the outbox folder. */
  path?: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

/** The file operations the outbox needs; a test swaps them to fill the disk half-way through a write. */
export interface OutboxFileSystem {
  mkdir(dir: string, options: { recursive: true }): Promise<unknown>;
  writeFile(file: string, data: Buffer): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(file: string): Promise<void>;
}

/** A hung server costs this much per connection, greeting or silent socket, not nodemailer's minutes. */
export const SMTP_TIMEOUT_MS = 10_000;

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
  smtpTimeoutMs?: number;
  fileSystem?: OutboxFileSystem;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOSPC',
  'EROFS',
  'EACCES',
  'EPERM',
  'ENOTDIR',
  'EEXIST',
  'EDQUOT',
]);

/**
 * True when the mail server (or the outbox disk) is out of order rather than refusing this one message: the
 * other digests of the round would fail the same way, so they wait for their next try instead.
 */
export function isMailTransportDown(error: unknown): boolean {
  const e = error as { code?: string; responseCode?: number } | null;
  if (!e) return false;
  if (e.responseCode === 421) return true;
  return e.code !== undefined && UNAVAILABLE_CODES.has(e.code);
}

export function createMailer(options: MailerOptions): Mailer {
  const { from, logger } = options;
  if (options.smtpUrl) {
    const timeout = options.smtpTimeoutMs ?? SMTP_TIMEOUT_MS;
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      kind: 'smtp',
      async send(mail) {
        const info = await transport.sendMail({ from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent over SMTP');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const files: OutboxFileSystem = options.fileSystem ?? fs;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await files.mkdir(outbox, { recursive: true });
      const safeId = info.messageId.replace(/[^A-Za-z0-9.@_-]/g, '');
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeId}.eml`);
      // Readers only ever see whole messages: a full or read-only disk leaves no 0-byte or truncated .eml behind.
      const temporary = path.join(outbox, `.${randomBytes(6).toString('hex')}.eml.tmp`);
      try {
        await files.writeFile(temporary, info.message as Buffer);
        await files.rename(temporary, file);
      } catch (error) {
        await files.unlink(temporary).catch(() => {});
        throw error;
      }
      logger.info({ to: mail.to, subject: mail.subject, path: file }, 'mail written to outbox');
      return { messageId: info.messageId, path: file };
    },
    close: () => transport.close(),
  };
}
