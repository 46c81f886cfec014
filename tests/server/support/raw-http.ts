import { connect } from 'node:net';

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * Sends bytes exactly as given (no client-side URL normalisation or header limits) and reads the whole
 * answer; the request should say `Connection: close`, or the server closes after an error.
 */
export function rawRequest(port: number, request: string, host = '127.0.0.1'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('raw request timed out')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while a large request is still being written; what it answered counts.
      if ((error.code === 'ECONNRESET' || error.code === 'EPIPE') && chunks.length > 0) finish();
      else reject(error);
    });
    socket.on('end', finish);
    let done = false;
    function finish(): void {
      if (done) return;
      done = true;
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split >= 0 ? text.slice(0, split) : text;
      const [statusLine = '', ...lines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status, headers, body: split >= 0 ? text.slice(split + 4) : '' });
    }
    socket.write(request);
  });
}
