import { Injectable } from '@nestjs/common';
import { Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';

/** The numbers service keeps which number is bound to which agent; this asks it. */
@Injectable()
export class NumberBindings {
  constructor(private readonly messaging: MessagingClient) {}

  /** The account's active numbers bound to each of its agents, sorted. */
  async byAgent(accountId: string): Promise<Map<string, string[]>> {
    const { numbers } = await this.messaging.request(Requests.listNumbers, { accountId });
    const bound = new Map<string, string[]>();
    for (const { boundAgentId, phoneNumber } of numbers) {
      if (!boundAgentId) continue;
      const agentNumbers = bound.get(boundAgentId);
      if (agentNumbers) agentNumbers.push(phoneNumber);
      else bound.set(boundAgentId, [phoneNumber]);
    }
    for (const list of bound.values()) list.sort();
    return bound;
  }

  async of(accountId: string, agentId: string): Promise<string[]> {
    return (await this.byAgent(accountId)).get(agentId) ?? [];
  }

  /** Fails with NOT_FOUND (not an active number of the account) or PHONE_NUMBER_BOUND. */
  async bind(accountId: string, agentId: string, phoneNumber: string): Promise<void> {
    await this.messaging.request(Requests.bindNumber, { accountId, agentId, phoneNumber });
  }

  /** Unbinds one number of the agent, or all of them; answers the numbers unbound. */
  async unbind(accountId: string, agentId: string, phoneNumber?: string): Promise<string[]> {
    const reply = await this.messaging.request(Requests.unbindNumbers, {
      accountId,
      agentId,
      ...(phoneNumber !== undefined && { phoneNumber }),
    });
    return reply.phoneNumbers;
  }
}
