import { Pingram } from 'pingram';
import { ApiClient } from '../api-client';

export const PASSWORD = 'a long enough password';

/**
 * A member signed in with POST /auth/login, as the hosted service's SDK and plain HTTP see them:
 * the session token goes as `apiKey`, which the SDK sends as Bearer like any key.
 */
export interface SignedIn {
  token: string;
  client: Pingram;
  http: ApiClient;
}

export async function signIn(
  baseUrl: string,
  email: string,
  accountId?: string,
): Promise<SignedIn> {
  const { status, body } = await new ApiClient(baseUrl).call<{ token: string }>(
    'POST',
    '/auth/login',
    { email, password: PASSWORD, ...(accountId && { accountId }) },
  );
  expect({ email, status }).toEqual({ email, status: 200 });
  return {
    token: body.token,
    client: new Pingram({ apiKey: body.token, baseUrl }),
    http: ApiClient.withApiKey(baseUrl, body.token),
  };
}
