import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';

/** In-app content of a send, used when no template is used. */
export class SendInappContentDto {
  @ApiProperty({ description: 'Title shown in the inbox; may hold {{placeholders}}.' })
  @IsString()
  @IsNotEmpty()
  title!: string;

  @ApiPropertyOptional({ description: 'Where a click on the notification leads.' })
  @IsOptional()
  @IsString()
  url?: string;

  @ApiPropertyOptional({ description: 'Image shown with the notification.' })
  @IsOptional()
  @IsString()
  image?: string;
}
