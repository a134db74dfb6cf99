import { Injectable } from '@nestjs/common';
import { SetPreferencesRequest } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { PreferencesRepository } from './preferences.repository';
import { unsubscribeEventOf } from './unsubscribe-event-of';

/**
 * Changes preferences, and reports the ones an end user turned off as unsubscribes. The write
 * comes first and marks what is still to report on the rows themselves; the events are published
 * after it commits and only then marked reported. A failed publish fails the request and leaves
 * the mark, so the client's retry (which finds the rows already off) still reports them, under
 * the same ids, and JetStream keeps one of each.
 */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly preferences: PreferencesRepository,
    private readonly messaging: MessagingClient,
  ) {}

  async set(request: SetPreferencesRequest): Promise<void> {
    const pending = await this.preferences.upsert(request);
    if (pending.length === 0) return;
    await Promise.all(
      pending.map((unsubscribe) =>
        this.messaging.publishEvent(unsubscribeEventOf(request, unsubscribe)),
      ),
    );
    await this.preferences.markReported(request, pending);
  }
}
