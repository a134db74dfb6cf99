import { connect, Socket } from 'node:net';

/**
 * An SMTP client that says exactly what a test tells it, from the local address it is given
 * (127.0.0.2 and so on are loopback too, and reach the listener as other client addresses).
 * Replies come back whole: the last line of a multi-line reply is `<code> <text>`.
 */
export class RawSmtpClient {
  private buffered = '';
  private readonly replies: string[] = [];
  private readonly waiting: ((reply: string | undefined) => void)[] = [];
  private ended = false;
  /** Settles when the server has closed the connection. */
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => this.take(text));
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.ended = true;
        for (const waiter of this.waiting.splice(0)) waiter(undefined);
        resolve();
      }),
    );
  }

  /** Connects and answers the client once the server's first reply (220, or a refusal) is in. */
  static async open(
    port: number,
    localAddress = '127.0.0.1',
  ): Promise<{ client: RawSmtpClient; greeting: string | undefined }> {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    const client = new RawSmtpClient(socket);
    return { client, greeting: await client.reply() };
  }

  /** Sends one command line and answers the server's reply (undefined once closed). */
  command(line: string): Promise<string | undefined> {
    this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  /** Sends bytes without waiting for a reply (message content after DATA). */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(data, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** The next reply of the server, or undefined when it closed the connection first. */
  reply(): Promise<string | undefined> {
    const ready = this.replies.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.ended) return Promise.resolve(undefined);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  close(): void {
    this.socket.destroy();
  }

  private take(text: string): void {
    this.buffered += text;
    let end: number;
    let reply = '';
    while ((end = this.buffered.indexOf('\r\n')) !== -1) {
      const line = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + 2);
      reply += reply ? `\n${line}` : line;
      if (/^\d{3}(?!-)/.test(line)) {
        const waiter = this.waiting.shift();
        if (waiter) waiter(reply);
        else this.replies.push(reply);
        reply = '';
      }
    }
    if (reply) this.buffered = `${reply.replace(/\n/g, '\r\n')}\r\n${this.buffered}`;
  }
}
