import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, silentLogger } from '../../test-support/test-config.ts';
import { createMailer } from './mailer.ts';

const MAIL = {
  to: 'anna@example.ch',
  subject: 'Nouveaux appels d’offres — 2 correspondances',
  text: 'Bonjour Anna,\nvoici vos correspondances.',
  html: '<p>Bonjour Anna,</p><p>voici vos correspondances.</p>',
  messageId: '<digest-42@vigie.local>',
};

describe('mail port', () => {
  it('writes a parseable .eml to the outbox when no SMTP server is configured', async () => {
    const dataDir = makeTempDir();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Vigie <no-reply@vigie.local>', dataDir, logger: silentLogger() });
    expect(mailer.kind).toBe('outbox');
    const sent = await mailer.send(MAIL);
    expect(sent.path).toMatch(/outbox\/.+\.eml$/);
    const parsed = await simpleParser(await readFile(sent.path!));
    expect(parsed.subject).toBe(MAIL.subject);
    expect(parsed.messageId).toBe(MAIL.messageId);
    expect(parsed.text?.trim()).toBe(MAIL.text);
    expect(parsed.html).toContain('<p>Bonjour Anna,</p>');
    expect(parsed.from?.text).toContain('no-reply@vigie.local');
  });

  describe('over SMTP', () => {
    const received: Buffer[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks));
          callback();
        });
      },
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('delivers to a loopback SMTP server', async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.server.address() as AddressInfo;
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Vigie <no-reply@vigie.local>',
        dataDir: makeTempDir(),
        logger: silentLogger(),
      });
      expect(mailer.kind).toBe('smtp');
      const sent = await mailer.send(MAIL);
      mailer.close();
      expect(sent.messageId).toBe(MAIL.messageId);
      expect(received).toHaveLength(1);
      const parsed = await simpleParser(received[0]!);
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('anna@example.ch');
      expect(parsed.subject).toBe(MAIL.subject);
      expect(parsed.text?.trim()).toBe(MAIL.text);
    });
  });
});
