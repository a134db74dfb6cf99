import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';

export class DefaultTemplateSelectionDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  templateId!: string;
}
