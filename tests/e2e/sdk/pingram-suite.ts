import { AccountResponseDto } from '@clarion/contracts';
import { shareSystemForSuite, SuiteSystem } from '@clarion/testing';
import { Pingram } from 'pingram';

export interface PingramSuite {
  readonly handle: SuiteSystem;
  /** The account the suite created, with its first environment's API key. */
  account: AccountResponseDto;
  /** The hosted service's own client, unchanged but for its base URL. */
  client: Pingram;
}

/**
 * For a suite that drives Clarion through `pingram@1.0.14`, the hosted service's generated client:
 * the whole system, one account, and the SDK pointed at it with only `baseUrl` changed. The
 * system is the test run's shared one unless the suite gives its own (runSystemForSuite, e.g.
 * for the provider peers it starts) or another profile.
 */
export function pingramSuite(
  accountName = 'Pingram Co',
  handle: SuiteSystem = shareSystemForSuite(),
): PingramSuite {
  const suite = { handle } as PingramSuite;
  beforeAll(() => {
    const email = `owner@${accountName.toLowerCase().replace(/\W+/g, '-')}.test`;
    suite.account = handle.system.createAccount(accountName, email);
    suite.client = new Pingram({ apiKey: suite.account.apiKey, baseUrl: handle.system.baseUrl });
  });
  return suite;
}

/**
 * Asserts that a model the SDK returned carries every field its generated interface requires, by
 * the SDK's own `instanceOf…` check, and gives it back for further assertions.
 */
export function expectComplete<T extends object>(
  model: T,
  isComplete: (value: object) => boolean,
): T {
  expect({ model, complete: isComplete(model) }).toEqual({ model, complete: true });
  return model;
}
