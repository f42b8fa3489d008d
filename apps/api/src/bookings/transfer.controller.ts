import { Body, Controller, Get, HttpCode, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID, Matches } from 'class-validator';
import type { Response } from 'express';
import { BOOKING_STATUSES } from '@tabour/contracts';
import { invalid, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { actorOf } from '../common/actor';
import { FILE_INVALID } from '../common/spreadsheets/inspect';
import type { Upload } from '../common/spreadsheets/reader';
import { BookingExportService, EXPORT_FORMATS, type ExportFormat } from './export.service';
import { BookingTransferService, MAX_BOOKING_IMPORT_BYTES } from './transfer.service';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class BookingUploadDto {
  /** Multipart fields are text: "true"/"1" tell the customers of their bookings. */
  @ApiPropertyOptional()
  @IsOptional()
  @IsIn(['true', 'false', '1', '0', true, false], { message: 'notify_customers must be true or false' })
  notify_customers?: string | boolean;
}

export class BookingExportQuery {
  @ApiPropertyOptional({ enum: EXPORT_FORMATS }) @IsOptional() @IsIn(EXPORT_FORMATS, { message: 'format must be csv, xlsx or ics' }) format?: ExportFormat;
  @ApiPropertyOptional() @IsOptional() @Matches(DATE, { message: 'from must be a date (YYYY-MM-DD)' }) from?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(DATE, { message: 'to must be a date (YYYY-MM-DD)' }) to?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'Select a valid department' }) department_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'Select a valid team member' }) member_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsIn(BOOKING_STATUSES, { message: 'Select a valid status' }) status?: string;
}

const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ics: 'text/calendar; charset=utf-8',
};

/** Import and export of the book (the files carry customers' personal data: managers only, as the customer list's). */
@ApiTags('bookings')
@ApiBearerAuth()
@Roles('ADMIN', 'MANAGER')
@Controller('business/booking')
export class BookingTransferController {
  constructor(
    private readonly transfer: BookingTransferService,
    private readonly exporter: BookingExportService,
  ) {}

  @Post('upload')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_BOOKING_IMPORT_BYTES, files: 1, fields: 10 } }))
  async upload(@CurrentUser() user: UserPrincipal, @Body() body: BookingUploadDto, @UploadedFile() file?: Upload & { size: number }) {
    if (!file?.size) throw invalid(FILE_INVALID, { file: [FILE_INVALID] });
    const notify = body?.notify_customers === true || body?.notify_customers === 'true' || body?.notify_customers === '1';
    return this.transfer.importFile(user.tenantId, actorOf(user), file, notify);
  }

  @Get('export')
  async export(@CurrentUser() user: UserPrincipal, @Query() q: BookingExportQuery, @Res() res: Response): Promise<void> {
    const format = q.format ?? 'csv';
    const content = await this.exporter.file(user.tenantId, format, q);
    const stamp = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', TYPES[format]);
    res.setHeader('Content-Disposition', `attachment; filename="bookings-${stamp}.${format}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(content);
  }
}
