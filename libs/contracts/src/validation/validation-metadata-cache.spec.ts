import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, IsInt, IsString, validate } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

class Parcel {
  @IsString()
  label!: string;

  weight!: unknown;
}

const errorsOf = async (plain: object) =>
  (await validate(plainToInstance(Parcel, plain))).map((error) => error.property);

describe(cacheValidationMetadata.name, () => {
  beforeAll(() => cacheValidationMetadata());

  it('answers the same rules on every validation', async () => {
    expect(await errorsOf({ label: 7 })).toEqual(['label']);
    expect(await errorsOf({ label: 7 })).toEqual(['label']);
    expect(await errorsOf({ label: 'box' })).toEqual([]);
  });

  it('applies a rule added after the first validation', async () => {
    expect(await errorsOf({ label: 'box', weight: 'heavy' })).toEqual([]);
    IsInt()(Parcel.prototype, 'weight');
    expect(await errorsOf({ label: 'box', weight: 'heavy' })).toEqual(['weight']);
  });

  it('is installed once however often it is asked for', () => {
    const cachedLookup = getMetadataStorage().getTargetValidationMetadatas;
    cacheValidationMetadata();
    expect(getMetadataStorage().getTargetValidationMetadatas).toBe(cachedLookup);
  });
});
