import { ErrorCode, MemberResponseDto, Principal, SendDto } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { FastifyRequest } from 'fastify';
import { SendsService } from './sends.service';
import { TestEmailsService } from './test-emails.service';

const member = (userId: string, email: string, role: string): MemberResponseDto =>
  ({ userId, email, role, createdAt: '2026-01-01T00:00:00.000Z' }) as MemberResponseDto;

describe(TestEmailsService.name, () => {
  const members = [
    member('p-admin', 'admin@acme.test', 'admin'),
    member('p-owner', 'owner@acme.test', 'owner'),
  ];
  const principal = { accountId: 'a', envId: 'e', clientId: 'c' } as Principal;
  const body = {
    notificationId: 'welcome',
    to: 'owner@acme.test',
    subject: 'Hi {{name}}',
    html: '<p>Hi</p>',
  };
  let accepted: SendDto[];
  let sut: TestEmailsService;

  beforeEach(() => {
    accepted = [];
    const messaging = { request: () => Promise.resolve(members) } as unknown as MessagingClient;
    const sends = {
      accept: (send: SendDto) => {
        accepted.push(send);
        return Promise.resolve({ trackingId: 't', messages: [] });
      },
    } as unknown as SendsService;
    sut = new TestEmailsService(messaging, sends);
  });

  it("sends the template's email to the owner for an API key", async () => {
    expect(await sut.send(body, principal, {} as FastifyRequest)).toEqual({
      trackingId: 't',
      messages: [],
    });
    expect(accepted).toEqual([
      expect.objectContaining({
        type: 'welcome',
        to: { id: 'owner@acme.test', email: 'owner@acme.test' },
        forceChannels: ['EMAIL'],
        email: expect.objectContaining({ subject: 'Hi {{name}}', html: '<p>Hi</p>' }),
      }),
    ]);
  });

  it('sends it to the signed-in member, and says that to was not used', async () => {
    const asAdmin = { ...principal, member: { profileId: 'p-admin', role: 'admin' } };

    const answer = await sut.send(body, asAdmin, {} as FastifyRequest);

    expect(accepted[0]?.to).toEqual({ id: 'admin@acme.test', email: 'admin@acme.test' });
    expect(answer.messages).toEqual([
      "Test emails go to the caller's own address, admin@acme.test; to (owner@acme.test) was not used.",
    ]);
  });

  it('refuses a caller without an address', async () => {
    const stranger = { ...principal, member: { profileId: 'p-gone', role: 'admin' } };

    await expect(sut.send(body, stranger, {} as FastifyRequest)).rejects.toMatchObject({
      code: ErrorCode.FORBIDDEN,
    });
    expect(accepted).toEqual([]);
  });
});
