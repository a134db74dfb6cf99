import { Channel, DeliveryOption, NormalizedSend } from '@clarion/contracts';
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
    defaultForDigests: [],
    content,
  });

const emailTemplate = (
  templateId: string,
  fields: Partial<TemplateEntity>,
  content: Record<string, unknown> = { subject: templateId, html: `<p>${templateId}</p>` },
): TemplateEntity =>
  Object.assign(new TemplateEntity(), {
    channel: Channel.EMAIL,
    templateId,
    isDefault: false,
    defaultForDigests: [],
    content,
    ...fields,
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

  describe('default templates by delivery', () => {
    const templates = [
      emailTemplate('main', { isDefault: true }),
      emailTemplate('digest', { defaultForDigests: [DeliveryOption.DAILY] }),
    ];
    const templateOf = (delivery: DeliveryOption) => {
      const rendered = renderChannelContent(Channel.EMAIL, sendOf(), templates, {}, delivery);
      return rendered.ok ? rendered.templateId : rendered.failedCode;
    };

    it('uses the template chosen for a digest', () => {
      expect(templateOf(DeliveryOption.DAILY)).toBe('digest');
    });

    it("uses the channel's default for instant sends and digests nobody chose a template for", () => {
      expect(templateOf(DeliveryOption.INSTANT)).toBe('main');
      expect(templateOf(DeliveryOption.WEEKLY)).toBe('main');
    });
  });

  it("leaves the editor's representation out of what is sent", () => {
    const template = emailTemplate(
      'main',
      { isDefault: true },
      { subject: 'Hi', html: '<p>Hi</p>', internal: '{"rows":[]}' },
    );

    expect(renderChannelContent(Channel.EMAIL, sendOf(), [template], {})).toEqual({
      ok: true,
      templateId: 'main',
      content: { subject: 'Hi', html: '<p>Hi</p>' },
    });
  });
});
