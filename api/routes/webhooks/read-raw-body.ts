import type { IncomingMessage } from 'node:http';
import { PayloadTooLargeError } from '../../errors.ts';

/** The request body as sent, byte for byte: a webhook signature covers exactly these bytes. */
export async function readRawBody(request: IncomingMessage, limitBytes: number): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > limitBytes) throw new PayloadTooLargeError(`Webhook body is too large (limit ${limitBytes / 1024} kB)`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limitBytes) throw new PayloadTooLargeError(`Webhook body is too large (limit ${limitBytes / 1024} kB)`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
