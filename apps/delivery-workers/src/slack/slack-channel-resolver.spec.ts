import type { SlackConversation, SlackUser } from './slack-api-types';
import { SlackChannelResolver, type SlackDirectory } from './slack-channel-resolver';

const channels: SlackConversation[] = [
  { id: 'C0GENERAL1', name: 'general', isPrivate: false },
  { id: 'G0OPSTEAM1', name: 'ops', isPrivate: true },
];
const users: SlackUser[] = [
  { id: 'U0GONE0001', name: 'jane', displayName: 'Jane', deleted: true },
  { id: 'U0ROBERT01', name: 'robert', displayName: 'bob', deleted: false },
  { id: 'U0BOB00001', name: 'bob', displayName: 'Bobby', deleted: false },
  { id: 'U0JANE0001', name: 'jane', displayName: 'Jane D', deleted: false },
];

describe(SlackChannelResolver.name, () => {
  let now: number;
  let directory: jest.Mocked<SlackDirectory>;
  let sut: SlackChannelResolver;

  beforeEach(() => {
    now = Date.parse('2024-05-01T12:00:00Z');
    directory = {
      listConversations: jest.fn((_token: string) => Promise.resolve(channels)),
      listUsers: jest.fn((_token: string) => Promise.resolve(users)),
    };
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    sut = new SlackChannelResolver(directory);
  });
  afterEach(() => jest.restoreAllMocks());

  it('posts to ids without listing anything', async () => {
    expect(await sut.resolve('xoxb-1', 'U0JANE0001')).toBe('U0JANE0001');
    expect(await sut.resolve('xoxb-1', 'D0DMWITHU1')).toBe('D0DMWITHU1');
    expect(directory.listConversations).not.toHaveBeenCalled();
    expect(directory.listUsers).not.toHaveBeenCalled();
  });

  it('finds channels by name with or without #, in any case', async () => {
    expect(await sut.resolve('xoxb-1', '#ops')).toBe('G0OPSTEAM1');
    expect(await sut.resolve('xoxb-1', 'General')).toBe('C0GENERAL1');
    expect(await sut.resolve('xoxb-1', '#nowhere')).toBeUndefined();
  });

  it('finds members by handle before display name and skips deleted ones', async () => {
    expect(await sut.resolve('xoxb-1', '@jane')).toBe('U0JANE0001');
    expect(await sut.resolve('xoxb-1', '@bob')).toBe('U0BOB00001');
    expect(await sut.resolve('xoxb-1', '@Bobby')).toBe('U0BOB00001');
    expect(await sut.resolve('xoxb-1', '@Jane D')).toBe('U0JANE0001');
    expect(await sut.resolve('xoxb-1', '@nobody')).toBeUndefined();
  });

  it('keeps lookups for five minutes per token, sharing one listing between concurrent sends', async () => {
    await Promise.all([sut.resolve('xoxb-1', '#ops'), sut.resolve('xoxb-1', '#general')]);
    await sut.resolve('xoxb-1', '#nowhere');
    expect(directory.listConversations).toHaveBeenCalledTimes(1);

    await sut.resolve('xoxb-2', '#ops');
    expect(directory.listConversations).toHaveBeenCalledTimes(2);

    now += 5 * 60 * 1000;
    await sut.resolve('xoxb-1', '#ops');
    expect(directory.listConversations).toHaveBeenCalledTimes(3);
  });

  it('forgets a failed listing so the next send lists again', async () => {
    directory.listConversations.mockRejectedValueOnce(new Error('ratelimited'));
    await expect(sut.resolve('xoxb-1', '#ops')).rejects.toThrow('ratelimited');
    expect(await sut.resolve('xoxb-1', '#ops')).toBe('G0OPSTEAM1');
  });
});
