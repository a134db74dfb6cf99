import { Circuit, Circuits } from './circuit';

describe(Circuit.name, () => {
  let now: number;
  let sut: Circuit;

  beforeEach(() => {
    now = 1_000_000;
    sut = new Circuit({ failuresToOpen: 3, openForMs: 2_000 }, () => now);
  });

  const failTimes = (count: number) => {
    for (let i = 0; i < count; i++) {
      expect(sut.admit()).toBe(0);
      sut.recordUnanswered();
    }
  };

  it('lets every request through while requests are answered', () => {
    for (let i = 0; i < 10; i++) {
      expect(sut.admit()).toBe(0);
      sut.recordAnswered();
    }
  });

  it('stays closed when failures are not consecutive', () => {
    failTimes(2);
    sut.recordAnswered();
    failTimes(2);
    expect(sut.admit()).toBe(0);
  });

  it('opens after consecutive unanswered requests and refuses with the time left', () => {
    failTimes(3);
    expect(sut.admit()).toBe(2_000);
    now += 1_500;
    expect(sut.admit()).toBe(500);
  });

  it('lets one trial through once the open time is over, and refuses the others meanwhile', () => {
    failTimes(3);
    now += 2_000;
    expect(sut.admit()).toBe(0);
    expect(sut.admit()).toBeGreaterThan(0);
    expect(sut.admit()).toBeGreaterThan(0);
  });

  it('closes when the trial is answered', () => {
    failTimes(3);
    now += 2_000;
    sut.admit();
    sut.recordAnswered();
    expect(sut.admit()).toBe(0);
    expect(sut.admit()).toBe(0);
    failTimes(2);
    expect(sut.admit()).toBe(0);
  });

  it('opens again for the whole time when the trial goes unanswered', () => {
    failTimes(3);
    now += 2_000;
    sut.admit();
    sut.recordUnanswered();
    expect(sut.admit()).toBe(2_000);
  });

  it('lets another trial through when one ends inconclusively', () => {
    failTimes(3);
    now += 2_000;
    sut.admit();
    sut.recordInconclusive();
    expect(sut.admit()).toBe(0);
  });

  it('keeps refusing while requests sent before it opened go unanswered', () => {
    failTimes(3);
    now += 1_000;
    sut.recordUnanswered();
    expect(sut.admit()).toBe(2_000);
  });
});

describe(Circuits.name, () => {
  it('keeps one circuit per destination', () => {
    const sut = new Circuits({ failuresToOpen: 1, openForMs: 1_000 });
    sut.of('billing.resolve').recordUnanswered();
    expect(sut.of('billing.resolve').admit()).toBeGreaterThan(0);
    expect(sut.of('notifications.plan').admit()).toBe(0);
  });
});
