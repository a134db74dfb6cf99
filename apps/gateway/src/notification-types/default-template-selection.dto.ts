import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';

export class DefaultTemplateSelectionDto {
  @ApiProperty({ example: 'welcome-email' })
  @IsString()
  @IsNotEmpty()
  templateId!: string;
}
