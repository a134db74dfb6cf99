import { parseCondition } from './condition-parser';
import { ConditionScope, evaluateCondition } from './evaluate-condition';

const scope: ConditionScope = {
  parameters: {
    plan: 'pro',
    total: 120.5,
    count: 0,
    empty: '',
    flag: true,
    off: false,
    nothing: null,
    tags: ['vip', 'beta', 3],
    order: { id: 'o-1', items: [{ sku: 'A-1' }, { sku: 'B-2' }] },
    'odd key': 'yes',
  },
  user: { email: 'Ann@Example.com', timezone: 'Europe/Berlin' },
};

function holds(source: string, on: ConditionScope = scope): boolean {
  return evaluateCondition(parseCondition(source), on);
}

describe(evaluateCondition.name, () => {
  describe('values and truthiness', () => {
    it.each([
      ['true', true],
      ['false', false],
      ['null', false],
      ['0', false],
      ['-3.5', true],
      ["''", false],
      ["'0'", true],
      ['[]', true],
      ['parameters.flag', true],
      ['parameters.off', false],
      ['parameters.count', false],
      ['parameters.empty', false],
      ['parameters.nothing', false],
      ['parameters.order', true],
      ['parameters.missing', false],
    ])('%s is %s', (source, expected) => {
      expect(holds(source)).toBe(expected);
    });
  });

  describe('paths', () => {
    it.each([
      ["parameters.plan == 'pro'", true],
      ['parameters.order.items[1].sku == "B-2"', true],
      ["parameters['order']['id'] == 'o-1'", true],
      ["parameters['odd key'] == 'yes'", true],
      ["parameters.tags[0] == 'vip'", true],
      ["parameters.tags['1'] == 'beta'", true],
      ["user.timezone == 'Europe/Berlin'", true],
    ])('%s is %s', (source, expected) => {
      expect(holds(source)).toBe(expected);
    });

    it('reads a missing value as null at any depth', () => {
      expect(holds('parameters.missing == null')).toBe(true);
      expect(holds('parameters.missing.deeper[3].still == null')).toBe(true);
      expect(holds('parameters.tags[9] == null')).toBe(true);
      expect(holds('parameters.plan.length == null')).toBe(true);
      expect(holds('user.email == null', { parameters: {}, user: {} })).toBe(true);
    });

    it('reads undefined as null', () => {
      expect(holds('parameters.gone == null', { parameters: { gone: undefined }, user: {} })).toBe(
        true,
      );
    });
  });

  describe('comparison', () => {
    it.each([
      ['parameters.total == 120.5', true],
      ['parameters.total != 120.5', false],
      ["parameters.total == '120.5'", false],
      ['parameters.count == false', false],
      ['parameters.nothing == null', true],
      ['parameters.nothing == 0', false],
      ["parameters.tags == ['vip', 'beta', 3]", true],
      ["parameters.tags == ['vip', 'beta']", false],
      ["parameters.tags != ['vip', 'beta', 3]", false],
      ['parameters.order == parameters.order', false],
      ['parameters.order.items == parameters.order.items', false],
      ['parameters.total > 100', true],
      ['parameters.total >= 120.5', true],
      ['parameters.total < 120.5', false],
      ['parameters.total <= 120', false],
      ["parameters.plan < 'zzz'", true],
      ["parameters.plan >= 'pro'", true],
      ["'Z' < 'a'", true],
      ["parameters.total > '100'", false],
      ['parameters.missing < 1', false],
      ['parameters.missing >= 0', false],
      ['null <= null', false],
    ])('%s is %s', (source, expected) => {
      expect(holds(source)).toBe(expected);
    });
  });

  describe('membership and strings', () => {
    it.each([
      ["parameters.plan in ['free', 'pro']", true],
      ["parameters.plan in ['free']", false],
      ["parameters.plan not in ['free']", true],
      ["parameters.plan not in ['pro']", false],
      ["'beta' in parameters.tags", true],
      ["'3' in parameters.tags", false],
      ["'ro' in parameters.plan", true],
      ["'x' in parameters.plan", false],
      ['1 in parameters.missing', false],
      ['1 not in parameters.missing', true],
      ['parameters.tags contains 3', true],
      ["parameters.tags contains 'alpha'", false],
      ["user.email contains '@'", true],
      ['user.email contains 1', false],
      ["parameters.order contains 'id'", false],
      ["user.email startsWith 'Ann'", true],
      ["user.email startsWith 'ann'", false],
      ["user.email endsWith '.com'", true],
      ["parameters.tags endsWith '3'", false],
      ["parameters.total startsWith '1'", false],
    ])('%s is %s', (source, expected) => {
      expect(holds(source)).toBe(expected);
    });
  });

  describe('logic', () => {
    it.each([
      ['true && true', true],
      ['true and false', false],
      ['false || true', true],
      ['false or false', false],
      ['!true', false],
      ['not false', true],
      ['!!parameters.plan', true],
      ['true || false && false', true],
      ['(true || false) && false', false],
      ["not parameters.plan == 'free'", true],
      ["parameters.flag && parameters.plan == 'pro' || parameters.missing", true],
    ])('%s is %s', (source, expected) => {
      expect(holds(source)).toBe(expected);
    });

    it('short-circuits, so the right side of a settled && or || is not read', () => {
      let reads = 0;
      const counted = {
        parameters: {
          get probe(): unknown {
            reads += 1;
            return true;
          },
        },
        user: {},
      };

      holds('false && parameters.probe', counted);
      holds('true || parameters.probe', counted);

      expect(reads).toBe(0);
    });
  });

  describe('functions', () => {
    it.each([
      ['exists(parameters.plan)', true],
      ['exists(parameters.count)', true],
      ['exists(parameters.nothing)', false],
      ['exists(parameters.missing.x)', false],
      ["lower(user.email) == 'ann@example.com'", true],
      ["upper(parameters.plan) == 'PRO'", true],
      ['lower(parameters.total) == null', true],
      ['length(parameters.plan) == 3', true],
      ['length(parameters.tags) == 3', true],
      ['length(parameters.order) == null', true],
      ["length('') == 0", true],
      ["lower(user.email) endsWith '@example.com'", true],
    ])('%s is %s', (source, expected) => {
      expect(holds(source)).toBe(expected);
    });
  });

  describe('safety', () => {
    it('reads nothing from the prototype', () => {
      expect(holds('exists(user.hasOwnProperty)')).toBe(false);
      expect(holds('exists(user.toString)')).toBe(false);
      expect(holds('exists(parameters.tags.length)')).toBe(false);
      expect(holds("exists(parameters.plan['length'])")).toBe(false);
      expect(holds('exists(parameters.tags.map)')).toBe(false);
    });

    it('does not run getters or read non-enumerable properties', () => {
      const parameters: Record<string, unknown> = {};
      Object.defineProperty(parameters, 'secret', { value: 's', enumerable: false });
      Object.defineProperty(parameters, 'computed', {
        enumerable: true,
        get: () => {
          throw new Error('getter ran');
        },
      });

      expect(holds('exists(parameters.secret)', { parameters, user: {} })).toBe(false);
      expect(holds('parameters.computed == null', { parameters, user: {} })).toBe(true);
    });

    it('reads class instances, functions and other non-JSON values as null', () => {
      class Account {
        plan = 'pro';
      }
      const parameters = {
        account: new Account(),
        when: new Date(0),
        callback: () => true,
        big: 10n,
        symbol: Symbol('s'),
      };

      expect(holds('parameters.account.plan == null', { parameters, user: {} })).toBe(true);
      expect(holds('exists(parameters.account)', { parameters, user: {} })).toBe(false);
      expect(holds('exists(parameters.when)', { parameters, user: {} })).toBe(false);
      expect(holds('exists(parameters.callback)', { parameters, user: {} })).toBe(false);
      expect(holds('exists(parameters.big)', { parameters, user: {} })).toBe(false);
      expect(holds('exists(parameters.symbol)', { parameters, user: {} })).toBe(false);
    });

    it('reads objects without a prototype', () => {
      const parameters = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });

      expect(holds('parameters.a == 1', { parameters, user: {} })).toBe(true);
    });

    it('evaluates a cyclic scope without hanging', () => {
      const parameters: Record<string, unknown> = { name: 'loop' };
      parameters['self'] = parameters;
      const list: unknown[] = ['a'];
      list.push(list);
      parameters['list'] = list;

      const on = { parameters, user: parameters };
      expect(holds("parameters.self.self.self.name == 'loop'", on)).toBe(true);
      expect(holds('parameters.self == parameters.self', on)).toBe(false);
      expect(holds("'a' in parameters.list && parameters.list contains 'b'", on)).toBe(false);
      expect(holds('parameters.list == parameters.list', on)).toBe(false);
      expect(holds('length(parameters.list[1][1][1]) == 2', on)).toBe(true);
    });

    it('holds false instead of throwing when the scope throws', () => {
      const hostile = new Proxy(
        {},
        {
          getOwnPropertyDescriptor: () => {
            throw new Error('trap');
          },
          getPrototypeOf: () => Object.prototype,
        },
      );
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();

      expect(holds('!exists(parameters.a)', { parameters: hostile, user: {} })).toBe(false);
      expect(holds('!exists(parameters.a)', { parameters: proxy, user: {} })).toBe(false);
    });

    it('does not mutate or depend on the compiled condition across scopes', () => {
      const condition = parseCondition("parameters.plan in ['pro']");

      expect(evaluateCondition(condition, scope)).toBe(true);
      expect(evaluateCondition(condition, { parameters: { plan: 'free' }, user: {} })).toBe(false);
      expect(evaluateCondition(condition, scope)).toBe(true);
    });
  });
});
