import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, Equals, IsArray, IsObject, IsOptional, IsString } from 'class-validator';
import { DEVICE_STATUSES, DISPLAY_THEMES, LANGUAGES, VoiceSettings } from '@tabour/devices';
import { IdList, Name, NullableText, OptionalChoice, OptionalInt, OptionalName, TextList } from '../common/dto-fields';
import { EmptyToNull, FromJson } from '../common/transforms';

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
  @OptionalName(100) name?: string;
  @OptionalChoice(DEVICE_STATUSES, 'Select a valid status') status?: (typeof DEVICE_STATUSES)[number];
  @IdList(50, 'Select valid queues', 'list') queue_ids?: string[];
  @OptionalChoice(LANGUAGES, 'Select a valid language') language?: (typeof LANGUAGES)[number];
  @OptionalChoice(DISPLAY_THEMES, 'Select a valid theme') theme?: (typeof DISPLAY_THEMES)[number];
  /** One address or IPv4 range (CIDR) the screen must call from; empty for any. */
  @NullableText(50) ip?: string | null;
  /** The MAC address the screen's shell sends in `x-device-mac`; empty for any. */
  @NullableText(20) mac?: string | null;
  @NullableText(2000) video_url?: string | null;
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
  @TextList(50, 300) @ToTexts() ads?: string[];
  /** The whole announcement settings: what is left out takes its default. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) @IsOptional() @FromJson() @IsObject() voice?: VoiceSettings;
  @OptionalInt(0, 20) history_size?: number;
}

export class CreateDisplayDto extends DisplayFieldsDto {
  @Name(100) declare name: string;
}

export class DisplayPingDto {
  /** What the screen reports about itself (app version, resolution…), at most 2,000 characters as JSON. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) @IsOptional() @IsObject() info?: Record<string, unknown>;
}

export class DisplayLogsQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() page?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() per_page?: string;
}
