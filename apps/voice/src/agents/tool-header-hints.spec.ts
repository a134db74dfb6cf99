import { VoiceAgentSpecDto } from '@clarion/contracts';
import { hasHeaderHints, specWithHeaderHints, specWithStoredHeaders } from './tool-header-hints';

const KEY = 'sk_live_0123456789abcdefWXYZ';

const specWith = (headers: Record<string, string>) =>
  ({
    tools: [
      { type: 'end_call', name: 'hang_up', description: 'End the call' },
      {
        type: 'http_request',
        name: 'lookup',
        description: 'Find the order',
        url: 'https://api.example.com/orders',
        method: 'GET',
        headers,
      },
    ],
  }) as unknown as VoiceAgentSpecDto;

describe('voice tool header hints', () => {
  const stored = specWith({ 'X-Api-Key': KEY });

  it('shows header values as hints', () => {
    const shown = specWithHeaderHints(stored);
    expect(JSON.stringify(shown)).not.toContain(KEY);
    expect(shown.tools[1]).toMatchObject({ headers: { 'X-Api-Key': 'sk_live_…WXYZ' } });
    expect(hasHeaderHints(shown)).toBe(true);
    expect(hasHeaderHints(stored)).toBe(false);
  });

  it('keeps the stored value of a header sent back as its hint', () => {
    const sentBack = specWith({ 'x-api-key': 'sk_live_…WXYZ', Accept: 'text/plain' });
    expect(specWithStoredHeaders(sentBack, stored).tools[1]).toMatchObject({
      headers: { 'x-api-key': KEY, Accept: 'text/plain' },
    });
  });

  it('refuses a hint it has no stored value for', () => {
    expect(() => specWithStoredHeaders(specWith({ 'X-Api-Key': 'sk_live_…AAAA' }), stored)).toThrow(
      'spec.tools.1.headers.X-Api-Key is a hint of a value, not a value',
    );
    expect(() =>
      specWithStoredHeaders(specWith({ 'X-Api-Key': 'sk_live_…WXYZ' }), undefined),
    ).toThrow(/is a hint/);
  });
});
