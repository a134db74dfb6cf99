import { webPushTopicOf } from './web-push-message';

describe(webPushTopicOf.name, () => {
  it('gives every attempt of one message the same short URL-safe Topic, and other messages another', () => {
    const topic = webPushTopicOf('trk-1:web_push:endpoint-1');
    expect(topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(webPushTopicOf('trk-1:web_push:endpoint-1')).toBe(topic);
    expect(webPushTopicOf('trk-2:web_push:endpoint-1')).not.toBe(topic);
  });
});
