import { renderTemplate } from './render-template';

describe(renderTemplate.name, () => {
  it('replaces placeholders with parameters, spaces inside the braces allowed', () => {
    expect(renderTemplate('Hi {{name}}, {{ count }} new', { name: 'Ada', count: 3 })).toBe(
      'Hi Ada, 3 new',
    );
  });

  it('follows dotted paths into nested parameters', () => {
    expect(
      renderTemplate('{{order.id}} by {{order.buyer.name}}', {
        order: { id: 'o-1', buyer: { name: 'Bo' } },
      }),
    ).toBe('o-1 by Bo');
  });

  it('prefers a flat key that contains a dot', () => {
    expect(renderTemplate('{{a.b}}', { 'a.b': 'flat', a: { b: 'nested' } })).toBe('flat');
  });

  it('leaves missing values empty and writes objects as JSON', () => {
    expect(renderTemplate('[{{missing}}] {{obj}}', { obj: { x: 1 } })).toBe('[] {"x":1}');
  });

  it('leaves text without placeholders unchanged', () => {
    expect(renderTemplate('plain {text}', {})).toBe('plain {text}');
  });
});
