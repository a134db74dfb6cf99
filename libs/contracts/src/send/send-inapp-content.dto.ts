import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { IsWebLinkTemplate } from '../validation/is-web-link.decorator';

/** In-app content of a send, used when no template is used. */
export class SendInappContentDto {
  @ApiProperty({ description: 'Title shown in the inbox; may hold {{placeholders}}.' })
  @IsString()
  @IsNotEmpty()
  title!: string;

  @ApiPropertyOptional({
    description: 'Where a click on the notification leads: an absolute http(s) URL.',
    example: 'https://app.example.com/orders/{{orderId}}',
  })
  @IsOptional()
  @IsString()
  @IsWebLinkTemplate()
  url?: string;

  @ApiPropertyOptional({ description: 'Image shown with the notification: an http(s) URL.' })
  @IsOptional()
  @IsString()
  @IsWebLinkTemplate()
  image?: string;
}
