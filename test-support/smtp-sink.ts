import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** `smtp://127.0.0.1:{port}` for SMTP_URL or createMailer. */
  url: string;
  /** Every accepted message, parsed, in arrival order. */
  messages: ParsedMail[];
  /** How many messages were refused by `failNext`. */
  refused: number;
  /** Refuses the next `count` messages with a 451, as a mail server in trouble would. */
  failNext(count: number): void;
  close(): Promise<void>;
}

/** A real SMTP server on loopback; messages are parsed with mailparser. */
export async function startSmtpSink(): Promise<SmtpSink> {
  let failures = 0;
  const sink: SmtpSink = {
    url: '',
    messages: [],
    refused: 0,
    failNext: (count) => {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          sink.refused += 1;
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            sink.messages.push(parsed);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}
