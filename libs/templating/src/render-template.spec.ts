import { renderTemplate } from './render-template';
import { templateSyntaxProblem } from './template-syntax';
import { missingVariables, templateVariables } from './template-variables';

describe('renderTemplate', () => {
  it('fills placeholders from parameters and user fields', () => {
    const scope = { firstName: 'Ada', order: { id: 7 }, user: { email: 'ada@example.com' } };
    expect(
      renderTemplate('Hi {{ firstName }}, order #{{order.id}} for {{user.email}}', scope, 'text'),
    ).toBe('Hi Ada, order #7 for ada@example.com');
  });

  it('escapes values in HTML and leaves texts as they are', () => {
    const scope = { name: '<b>"Bob" & co</b>' };
    expect(renderTemplate('<p>{{ name }}</p>', scope, 'html')).toBe(
      '<p>&lt;b&gt;&#34;Bob&#34; &amp; co&lt;/b&gt;</p>',
    );
    expect(renderTemplate('{{ name }}', scope, 'text')).toBe('<b>"Bob" & co</b>');
  });

  it('renders a placeholder without a value as empty text', () => {
    expect(renderTemplate('Hello {{ missing }}!', {}, 'text')).toBe('Hello !');
  });

  it('does not reach into prototypes', () => {
    expect(renderTemplate('{{ name.constructor }}{{ __proto__ }}', { name: 'x' }, 'text')).toBe('');
  });

  it('supports conditionals and filters', () => {
    expect(
      renderTemplate(
        '{% if vip %}VIP {% endif %}{{ name | upcase }}',
        { vip: true, name: 'ada' },
        'text',
      ),
    ).toBe('VIP ADA');
  });
});

describe('templateVariables and missingVariables', () => {
  it('lists the values a template reads and which of them a scope lacks', () => {
    const variables = templateVariables('{{ a }} {{ user.email }} {% if b.c %}{{ a }}{% endif %}');
    expect([...variables].sort()).toEqual(['a', 'b.c', 'user.email']);
    expect(missingVariables(variables, { a: 1, user: { id: 'u' } }).sort()).toEqual([
      'b.c',
      'user.email',
    ]);
  });

  it('analyses a text once and answers later askers from what it found', () => {
    const text = '{{ first }} and {{ second }}';
    const variables = templateVariables(text);
    expect(templateVariables(text)).toBe(variables);
    expect(Object.isFrozen(variables)).toBe(true);
  });
});

describe('templateSyntaxProblem', () => {
  it('names what is wrong with a broken template', () => {
    expect(templateSyntaxProblem('Hi {{ name')).toMatch(/not closed|output/i);
    expect(templateSyntaxProblem('{% if x %}')).toMatch(/not closed/i);
    expect(templateSyntaxProblem('Hi {{ name }}')).toBeUndefined();
  });
});
