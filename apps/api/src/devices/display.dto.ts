import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { DEVICE_STATUSES, DISPLAY_THEMES, LANGUAGES, VoiceSettings } from '@tabour/devices';
import { EmptyToNull, FromJson, ToList, ToNumber } from '../organisation/transforms';

/** Messages may hold commas: a form sends them as JSON text or as repeated fields, one message alone as itself. */
const ToTexts = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim();
    if (v.startsWith('[')) {
      try {
        return JSON.parse(v);
      } catch {
        return value;
      }
    }
    return v ? [v] : [];
  });

/**
 * Every display setting, optional: create fills the defaults, update changes what is given.
 * Multipart-friendly; the nested settings (media, voice) are checked in full by the decider.
 */
export class DisplayFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MinLength(1) @MaxLength(100) name?: string;
  @ApiPropertyOptional({ enum: DEVICE_STATUSES })
  @IsOptional()
  @IsIn(DEVICE_STATUSES as unknown as string[], { message: 'Select a valid status' })
  status?: (typeof DEVICE_STATUSES)[number];
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @ToList()
  @IsArray()
  @ArrayMaxSize(50)
  @IsUUID('all', { each: true, message: 'Select valid queues' })
  queue_ids?: string[];
  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES as unknown as string[], { message: 'Select a valid language' })
  language?: (typeof LANGUAGES)[number];
  @ApiPropertyOptional({ enum: DISPLAY_THEMES })
  @IsOptional()
  @IsIn(DISPLAY_THEMES as unknown as string[], { message: 'Select a valid theme' })
  theme?: (typeof DISPLAY_THEMES)[number];
  /** One address or IPv4 range (CIDR) the screen must call from; empty for any. */
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(50) ip?: string | null;
  /** The MAC address the screen's shell sends in `x-device-mac`; empty for any. */
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(20) mac?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @EmptyToNull() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(2000) video_url?:
    string | null;
  /** Only removal: a video file is set by `POST /display/:id/video`. */
  @ApiPropertyOptional({ type: 'string', nullable: true })
  @IsOptional()
  @EmptyToNull()
  @Equals(null, { message: 'Upload the video with the video call' })
  video_file?: null;
  /** Removes the placeholder image; a new one comes as the `placeholder` file. */
  @ApiPropertyOptional({ type: 'string', nullable: true })
  @IsOptional()
  @EmptyToNull()
  @Equals(null, { message: 'Upload the image as the placeholder file' })
  placeholder_image?: null;
  @ApiPropertyOptional({ type: 'array', items: { type: 'object' } }) @IsOptional() @FromJson() @IsArray() @ArrayMaxSize(50) media?: {
    kind: 'image' | 'video';
    url: string;
    seconds: number | null;
  }[];
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @ToTexts()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(300, { each: true })
  ads?: string[];
  /** The whole announcement settings: what is left out takes its default. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) @IsOptional() @FromJson() @IsObject() voice?: VoiceSettings;
  @ApiPropertyOptional() @IsOptional() @ToNumber() @IsInt() @Min(0) @Max(20) history_size?: number;
}

export class CreateDisplayDto extends DisplayFieldsDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(100) declare name: string;
}

export class DisplayPingDto {
  /** What the screen reports about itself (app version, resolution…), at most 2,000 characters as JSON. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) @IsOptional() @IsObject() info?: Record<string, unknown>;
}

export class DisplayLogsQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() page?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() per_page?: string;
}
