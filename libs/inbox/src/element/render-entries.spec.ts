import { actionLabelsOf, renderEntry } from './render-entries';

describe(renderEntry.name, () => {
  const entry = {
    id: '1',
    notificationId: 'orders',
    seen: false,
    title: '<img src=x onerror=alert(1)>',
    date: '2026-11-01T10:00:00Z',
    imageURL: 'javascript:alert(1)',
    replies: [{ date: '2026-11-01T10:00:00Z', message: '<b>hi</b>' }],
  };

  it("escapes the sender's and the user's text and drops a non-http image", () => {
    const html = renderEntry(entry, false);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(html).not.toContain('javascript:');
  });

  it("shows a batch's count and the titles before its latest", () => {
    const item = (trackingId: string, title: string) => ({ trackingId, title, createdAt: '' });
    const batch = { count: 5, items: [item('5', 'e'), item('4', 'd'), item('3', 'c')] };
    const html = renderEntry({ ...entry, title: 'e', batch }, false);
    expect(html).toContain('· 5 updates');
    expect(html).toContain('<ul class="batch"><li>d</li><li>c</li></ul>');
  });

  it('takes up to two string action labels from the parameters', () => {
    expect(
      actionLabelsOf({ ...entry, parameters: { actions: ['Yes', 2, 'No', 'Maybe'] } }),
    ).toEqual(['Yes', 'No']);
    expect(actionLabelsOf({ ...entry, parameters: { actions: 'Yes' } })).toEqual([]);
  });
});
