import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayNotEmpty, IsArray, IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { DeliveryOption, TEMPLATE_MODES } from '@clarion/contracts';

export class DefaultTemplateSelectionDto {
  @ApiProperty({ example: 'welcome-email' })
  @IsString()
  @IsNotEmpty()
  templateId!: string;

  @ApiPropertyOptional({
    enum: TEMPLATE_MODES,
    isArray: true,
    description:
      'The deliveries it becomes the default for: instant (and the digests no template was chosen for) when left out.',
    example: ['instant', 'daily'],
  })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @IsIn(TEMPLATE_MODES, { each: true })
  modes?: DeliveryOption[];
}
