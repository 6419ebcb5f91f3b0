import type { AddressInfo, Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpSinkMode = 'accept' | 'down' | 'hang';

export interface SmtpSink {
  /** `smtp://127.0.0.1:{port}` for SMTP_URL or createMailer. */
  url: string;
  /** Every accepted message, parsed, in arrival order. */
  messages: ParsedMail[];
  /** How many messages were refused by `failNext`. */
  refused: number;
  /** TCP connections that reached the server (hung ones included). */
  connections: number;
  /** Refuses the next `count` messages with a 451, as a mail server in trouble would. */
  failNext(count: number): void;
  /** `down`: the port refuses connections; `hang`: connections are accepted and never greeted; `accept`: normal. */
  setMode(mode: SmtpSinkMode): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback, controllable to fail like an outside one; messages are parsed with mailparser. */
export async function startSmtpSink(): Promise<SmtpSink> {
  let failures = 0;
  let mode: SmtpSinkMode = 'accept';
  let port = 0;
  const sockets = new Set<Socket>();
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  const sink: SmtpSink = {
    url: '',
    messages: [],
    refused: 0,
    connections: 0,
    failNext: (count) => {
      failures = count;
    },
    async setMode(next) {
      const wasListening = mode !== 'down';
      mode = next;
      if (next === 'down' && wasListening) await stopListening();
      else if (next !== 'down' && !wasListening) await listen();
      if (next === 'accept') for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (mode === 'down') resolve();
        else server.close(() => resolve());
      }),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      // A hung server: the client waits for a greeting that never comes.
      if (mode === 'hang') return;
      callback();
    },
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
  server.server.on('connection', (socket: Socket) => {
    sink.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await listen();
  port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${port}`;
  return sink;
}
