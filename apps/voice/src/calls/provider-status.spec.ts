import { progressOfTwilioStatus } from './provider-status';

describe(progressOfTwilioStatus.name, () => {
  const startedAt = new Date('2026-11-21T10:00:00.000Z');
  const at = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000);
  const call = { startedAt, timeline: [] };
  const status = (fields: Record<string, string>) => ({ callControlId: 'CA1', ...fields });

  it('adds ringing and answered to the timeline at their offset', () => {
    expect(progressOfTwilioStatus(call, status({ callStatus: 'ringing' }), at(2))).toEqual({
      entries: [{ offsetMs: 2000, type: 'call.ringing' }],
    });
    expect(
      progressOfTwilioStatus(call, status({ callStatus: 'in-progress' }), at(5)).entries,
    ).toEqual([{ offsetMs: 5000, type: 'call.answered' }]);
  });

  it('ends a completed call, as voicemail when a machine answered', () => {
    const human = progressOfTwilioStatus(call, status({ callStatus: 'completed' }), at(60));
    expect(human.ending).toMatchObject({
      status: 'ended',
      outcome: 'completed',
      endReason: 'user_hangup',
    });
    const machine = progressOfTwilioStatus(
      { startedAt, timeline: [{ offsetMs: 5000, type: 'call.voicemail' }] },
      status({ callStatus: 'completed' }),
      at(30),
    );
    expect(machine.ending).toMatchObject({ outcome: 'voicemail', endReason: 'voicemail' });
  });

  it('ends busy and unanswered calls as no_answer, failed ones with the reason', () => {
    expect(
      progressOfTwilioStatus(call, status({ callStatus: 'busy' }), at(20)).ending,
    ).toMatchObject({
      outcome: 'no_answer',
    });
    expect(
      progressOfTwilioStatus(
        call,
        status({ callStatus: 'failed', errorMessage: 'Invalid number' }),
        at(1),
      ).ending,
    ).toMatchObject({ status: 'failed', outcome: 'failed', endDetail: 'Invalid number' });
  });

  it('adds nothing for a recording callback', () => {
    expect(
      progressOfTwilioStatus(call, status({ recordingUrl: 'https://r.example/1' }), at(90)),
    ).toEqual({
      entries: [],
    });
  });

  it('notes an asynchronous answering-machine verdict, and ignores a human one', () => {
    expect(
      progressOfTwilioStatus(call, status({ answeredBy: 'machine_end_beep' }), at(12)),
    ).toEqual({
      entries: [
        { offsetMs: 12000, type: 'call.voicemail', detail: 'Answered by machine_end_beep' },
      ],
    });
    expect(progressOfTwilioStatus(call, status({ answeredBy: 'human' }), at(3))).toEqual({
      entries: [],
    });
  });
});
