import {
  regionMarkedClientId,
  regionMarkedKey,
  regionOfClientId,
  regionOfKey,
} from './credential-region';

const random = (length: number) => 'x9Z'.repeat(length).slice(0, length);

describe(regionOfKey.name, () => {
  it('reads the region of keys and session tokens issued with one', () => {
    expect(regionOfKey(regionMarkedKey('clarion_sk_', 'eu', random(40)))).toBe('eu');
    expect(regionOfKey(regionMarkedKey('clarion_pk_', 'ca', random(40)))).toBe('ca');
    expect(regionOfKey(regionMarkedKey('clarion_st_', 'ap-south', random(40)))).toBe('ap-south');
  });

  it.each([
    ['a key issued before regions', `clarion_sk_${random(40)}`],
    ['a made-up key with underscores', 'clarion_sk_database_down_for_a_while'],
    ['a marked key of the wrong length', `clarion_sk_eu_${random(39)}`],
    ['a foreign prefix', `acme_sk_eu_${random(40)}`],
    ['a random part with an underscore', `clarion_sk_eu_${random(39)}_`],
  ])('finds no region in %s', (_, key) => {
    expect(regionOfKey(key)).toBeUndefined();
  });
});

describe(regionOfClientId.name, () => {
  it('reads the region of a marked clientId and none in others', () => {
    expect(regionOfClientId(regionMarkedClientId('us', random(24)))).toBe('us');
    expect(regionOfClientId(random(24))).toBeUndefined();
    expect(regionOfClientId('default-client')).toBeUndefined();
    expect(regionOfClientId(`us_${random(23)}`)).toBeUndefined();
  });
});
