import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Channel } from '../common/channel.enum';
import { DomainError } from '../errors/domain-error';
import { validateTemplateContent } from '../notification-types/template-content';
import { describeValidationErrors } from '../validation/describe-validation-errors';
import { isWebLink } from '../validation/is-web-link.decorator';
import { SendDto } from './send.dto';

/** The 400 message of POST /send with this in-app content, or '' when it is valid. */
function sendProblems(inapp: Record<string, unknown>): string {
  const body = plainToInstance(SendDto, { type: 'welcome', to: { id: 'u1' }, inapp });
  return describeValidationErrors(validateSync(body, { whitelist: true }));
}

const SCRIPT_LINKS = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  '  jAvAsCrIpT:alert(1)',
  '\tjavascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example.com/x',
  '/relative/path',
  'java{{x}}script:alert(1)',
];

describe('SendInappContentDto links', () => {
  it.each(SCRIPT_LINKS)('refuses %j as inapp.url and inapp.image, naming the field', (link) => {
    expect(sendProblems({ title: 'Hi', url: link })).toBe(
      'inapp.url must be an absolute http or https URL',
    );
    expect(sendProblems({ title: 'Hi', image: link })).toBe(
      'inapp.image must be an absolute http or https URL',
    );
  });

  it.each([
    'https://app.example.com/orders/1',
    'HTTP://app.example.com/',
    'https://app.example.com/orders/{{ orderId }}?from={{source}}',
    'https://{{ host }}/inbox',
    '{{ link }}',
    '{% if vip %}https://vip.example.com{% else %}https://example.com{% endif %}',
    '',
  ])('accepts %j', (link) => {
    expect(sendProblems({ title: 'Hi', url: link, image: link })).toBe('');
  });

  it('refuses an INAPP_WEB template whose url or image is not http(s)', () => {
    const failure = (content: Record<string, unknown>) => {
      try {
        validateTemplateContent(Channel.INAPP_WEB, content);
      } catch (error) {
        return (error as DomainError).message;
      }
      return undefined;
    };
    expect(failure({ title: 'Hi', url: ' JavaScript:alert(1)' })).toContain(
      'url must be an absolute http or https URL',
    );
    expect(failure({ title: 'Hi', image: 'data:image/png;base64,AAAA' })).toContain(
      'image must be an absolute http or https URL',
    );
    expect(failure({ title: 'Hi', url: 'https://example.com/{{id}}' })).toBeUndefined();
  });
});

describe(isWebLink.name, () => {
  it('judges a rendered link as a browser parses it', () => {
    for (const link of SCRIPT_LINKS) expect(isWebLink(link)).toBe(false);
    expect(isWebLink('{{ link }}')).toBe(false);
    expect(isWebLink('https://example.com/a b')).toBe(true);
    expect(isWebLink('')).toBe(true);
  });
});
