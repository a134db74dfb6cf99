import { Channel, NormalizedSend } from '@clarion/contracts';
import { TemplateEntity } from '../templates/template.entity';
import { renderChannelContent } from './channel-content';

const sendOf = (inapp?: NormalizedSend['inapp']): NormalizedSend => ({
  type: 'comment',
  to: { id: 'u1' },
  parameters: {},
  ...(inapp !== undefined && { inapp }),
});

const defaultTemplate = (content: Record<string, unknown>): TemplateEntity =>
  Object.assign(new TemplateEntity(), {
    channel: Channel.INAPP_WEB,
    templateId: 'default',
    isDefault: true,
    content,
  });

describe(renderChannelContent.name, () => {
  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x'])(
    'fails an in-app send whose url placeholder renders %j',
    (link) => {
      const rendered = renderChannelContent(
        Channel.INAPP_WEB,
        sendOf({ title: 'New comment', url: '{{ link }}' }),
        [],
        { link },
      );
      expect(rendered).toEqual({
        ok: false,
        failedCode: 'IN_APP_WEB_FAILED',
        internal: 'url is not an http or https URL once rendered',
      });
    },
  );

  it("fails an in-app template whose image renders to a script from the send's parameters", () => {
    const template = defaultTemplate({ title: 'Hi', image: '{{ picture }}' });
    const rendered = renderChannelContent(Channel.INAPP_WEB, sendOf(), [template], {
      picture: 'javascript:alert(1)',
    });
    expect(rendered).toMatchObject({ ok: false, failedCode: 'IN_APP_WEB_FAILED' });
  });

  it('renders in-app links that stay http(s), and content without links', () => {
    const rendered = renderChannelContent(
      Channel.INAPP_WEB,
      sendOf({
        title: 'Hi {{ name }}',
        url: '{{ link }}',
        image: 'https://cdn.test/{{ name }}.png',
      }),
      [],
      { name: 'Ada', link: 'https://app.test/c/1' },
    );
    expect(rendered).toEqual({
      ok: true,
      content: {
        title: 'Hi Ada',
        url: 'https://app.test/c/1',
        image: 'https://cdn.test/Ada.png',
      },
    });
    expect(
      renderChannelContent(Channel.INAPP_WEB, sendOf({ title: 'No link' }), [], {}),
    ).toMatchObject({ ok: true });
  });
});
