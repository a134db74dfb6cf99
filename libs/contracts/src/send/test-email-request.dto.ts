import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * Body of POST /sender/test/email (the hosted service's PostEmailTestRequest): an email template
 * of a type, sent once to the caller's own address to see how it arrives.
 */
export class TestEmailRequestDto {
  @ApiProperty({
    description: 'The notification type the template belongs to.',
    example: 'welcome',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  notificationId!: string;

  @ApiProperty({
    description:
      "Where the dashboard would send it. Clarion sends test emails to the caller's own address (the signed-in member, or the account's first owner for an API key) and says so when this differs.",
    example: 'owner@example.com',
  })
  @IsEmail()
  to!: string;

  @ApiProperty({ example: 'Welcome, {{firstName}}' })
  @IsString()
  @IsNotEmpty()
  subject!: string;

  @ApiProperty({ example: '<p>Hello {{firstName}}</p>' })
  @IsString()
  @IsNotEmpty()
  html!: string;

  @ApiPropertyOptional({
    description: 'Used when its domain is verified; else the built-in sender.',
    example: 'hello@example.com',
  })
  @IsOptional()
  @IsEmail()
  fromAddress?: string;

  @ApiPropertyOptional({ example: 'Acme' })
  @IsOptional()
  @IsString()
  fromName?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  previewText?: string;
}
