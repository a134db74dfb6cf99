import { ServerResponse } from 'node:http';
import { InboxChangedEntry } from '@clarion/contracts';
import { InboxStream } from './inbox-stream';

const user = { accountId: 'acc', envId: 'env', userId: 'ada' };

/** A ServerResponse stand-in that records what the stream writes. */
function recorder() {
  const written: string[] = [];
  const response = {
    writeHead: () => response,
    writableLength: 0,
    write: (chunk: string) => written.push(chunk) > 0,
    end: () => written.push('<end>'),
  };
  return { response: response as unknown as ServerResponse, written };
}

function entry(id: string, cursor: string): InboxChangedEntry {
  return { id, cursor, notificationId: 'n', seen: false, title: id, parameters: {}, date: '' };
}

const events = (written: string[]) =>
  written
    .map((frame) => /^(?:id: (\d+)\n)?(?:event: (\w+)|(retry|:))/.exec(frame))
    .map((match) => (match?.[2] ?? match?.[3] ?? '') + (match?.[1] ? `@${match[1]}` : ''));

describe(InboxStream.name, () => {
  it('replays, then writes the changes held back that the replay did not carry, then ready', () => {
    const { response, written } = recorder();
    const sut = new InboxStream(user, response);
    sut.open();
    sut.deliver({ ...user, entries: [entry('a', '10'), entry('b', '11')], unread: 2 });
    sut.replay([entry('a', '10')], false);
    sut.ready(2);
    sut.deliver({ ...user, entries: [entry('c', '12')], unread: 3 });
    expect(events(written)).toEqual([
      'retry',
      'notification@10',
      'notification@11',
      'ready',
      'notification@12',
      'unread',
    ]);
    expect(written.at(-1)).toBe('event: unread\ndata: {"unread":3}\n\n');
  });

  it('tells the client to refetch when more were missed than a replay carries', () => {
    const { response, written } = recorder();
    const sut = new InboxStream(user, response);
    sut.replay([entry('z', '99')], true);
    sut.ready(0);
    expect(events(written)).toEqual(['notification@99', 'reset', 'ready']);
  });

  it('asks the client to reconnect, then writes nothing more', () => {
    const { response, written } = recorder();
    const sut = new InboxStream(user, response);
    sut.ready(0);
    sut.askToReconnect();
    sut.ping();
    expect(written.slice(-2)).toEqual(['event: reconnect\ndata: {}\n\n', '<end>']);
    expect(sut.isClosed).toBe(true);
  });
});
