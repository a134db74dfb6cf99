/** A small HTTP client for the public API, as an API consumer would use it. */
export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly authorization?: string,
  ) {}

  static withApiKey(baseUrl: string, apiKey: string): ApiClient {
    return new ApiClient(baseUrl, `Bearer ${apiKey}`);
  }

  static asEndUser(baseUrl: string, clientId: string, userId: string, hmac = ''): ApiClient {
    return new ApiClient(
      baseUrl,
      `Basic ${Buffer.from(`${clientId}:${userId}:${hmac}`).toString('base64')}`,
    );
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    rawBody?: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (this.authorization) headers['authorization'] = this.authorization;
    if (body !== undefined || rawBody !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    const answer = { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    // Not enumerable, so that tests can still compare an answer to { status, body } as a whole.
    return Object.defineProperty(answer, 'headers', {
      value: response.headers,
      enumerable: false,
    }) as typeof answer & { headers: Headers };
  }
}
