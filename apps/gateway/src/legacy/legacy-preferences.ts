import { Injectable, PipeTransform } from '@nestjs/common';
import { Channel, IsPlainObject, LegacyPreferenceDto, PreferenceDto } from '@clarion/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, ValidateNested } from 'class-validator';
import { contractValidationPipe } from '../errors/validation-pipe';

/** The hosted service's preferences body is a bare array; validated as this object's field. */
class LegacyPreferencesBody {
  @IsArray()
  @ArrayMaxSize(500)
  @IsPlainObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => LegacyPreferenceDto)
  preferences!: LegacyPreferenceDto[];
}

/** Validates the array body of `POST /{clientId}/user_preferences/{userId}`. */
@Injectable()
export class LegacyPreferencesPipe implements PipeTransform<
  unknown,
  Promise<LegacyPreferenceDto[]>
> {
  async transform(value: unknown): Promise<LegacyPreferenceDto[]> {
    const body: LegacyPreferencesBody = await contractValidationPipe().transform(
      { preferences: value },
      { type: 'body', metatype: LegacyPreferencesBody },
    );
    return body.preferences;
  }
}

/** Clarion's preferences for the hosted service's: one without a channel is one per channel. */
export function preferencesOfLegacy(legacy: LegacyPreferenceDto[]): PreferenceDto[] {
  return legacy.flatMap(({ channel, ...rest }) =>
    (channel === undefined ? Object.values(Channel) : [channel]).map((each) => ({
      ...rest,
      channel: each,
    })),
  );
}
