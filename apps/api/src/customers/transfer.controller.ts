import { Controller, Get, HttpCode, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { invalid, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import type { Upload } from '../common/spreadsheets/reader';
import { actorOf } from '../common/actor';
import { FILE_INVALID } from '../common/spreadsheets/inspect';
import { filtersOf } from './customers.controller';
import { ExportQuery } from './dto';
import { CustomerTransferService, MAX_IMPORT_BYTES } from './transfer.service';

/** Import and export of the customer list. */
@ApiTags('customers')
@ApiBearerAuth()
@Roles('ADMIN', 'MANAGER')
@Controller('business/customer')
export class CustomerTransferController {
  constructor(private readonly transfer: CustomerTransferService) {}

  @Post('upload')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } }))
  async upload(@CurrentUser() user: UserPrincipal, @UploadedFile() file?: Upload & { size: number }) {
    if (!file?.size) throw invalid(FILE_INVALID, { file: [FILE_INVALID] });
    return this.transfer.importFile(user.tenantId, actorOf(user), file);
  }

  @Get('export')
  async export(@CurrentUser() user: UserPrincipal, @Query() q: ExportQuery, @Res() res: Response): Promise<void> {
    const format = (q.format ?? 'csv') as 'csv' | 'xlsx';
    const content = await this.transfer.exportFile(user.tenantId, filtersOf(q), format);
    const stamp = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('Content-Disposition', `attachment; filename="customers-${stamp}.${format}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(content);
  }
}
