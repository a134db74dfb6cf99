import { IncomingMessage, ServerResponse } from 'node:http';

/** The whole request body. */
export function bytesOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The whole request body as text. */
export async function bodyOf(request: IncomingMessage): Promise<string> {
  return (await bytesOf(request)).toString('utf8');
}

/** Answers with a JSON body. */
export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
