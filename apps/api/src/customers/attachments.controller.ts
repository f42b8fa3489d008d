import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { invalid, notFound, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { CustomerCommands } from './commands';
import { actorOf } from '../common/actor';
import { AttachmentFormDto } from './dto';
import { attachmentView, CustomerQueries } from './queries';
import { ATTACHMENT_TYPES, attachmentKind, MAX_ATTACHMENT_BYTES, safeFileName } from '../common/sniff';
import { AttachmentStorage } from './storage';

interface UploadedDoc {
  buffer: Buffer;
  size: number;
  originalname: string;
}

const ATTACH_VALID = 'Attach a valid file (PDF, PNG, JPEG, WebP, GIF, TXT, CSV, DOCX or XLSX, at most 10 MB)';

/** Files kept with a customer; staff of the customer's business only. */
@ApiTags('customers')
@ApiBearerAuth()
@Roles('ADMIN', 'MANAGER')
@Controller('business/customer')
export class CustomerAttachmentsController {
  constructor(
    private readonly commands: CustomerCommands,
    private readonly queries: CustomerQueries,
    private readonly storage: AttachmentStorage,
  ) {}

  @Post('attachments/add')
  @HttpCode(201)
  // Multer stops reading past the limit and the answer is 413: nothing is stored.
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 10 } }))
  async add(@CurrentUser() user: UserPrincipal, @Body() body: AttachmentFormDto, @UploadedFile() file?: UploadedDoc) {
    const customerId = body.customer_id.toLowerCase();
    if (!(await this.queries.exists(user.tenantId, customerId))) throw notFound();
    if (!file) throw invalid(ATTACH_VALID, { file: [ATTACH_VALID] });
    if (file.size > MAX_ATTACHMENT_BYTES) throw invalid('The file may be at most 10 MB', { file: ['The file may be at most 10 MB'] });
    const name = safeFileName(Buffer.from(file.originalname ?? '', 'latin1').toString('utf8'));
    const kind = attachmentKind(file.buffer, name);
    if (!kind) throw invalid(ATTACH_VALID, { file: [ATTACH_VALID] });
    const key = await this.storage.put(user.tenantId, file.buffer);
    const id = randomUUID();
    try {
      await this.commands.run(
        {
          type: 'AddCustomerAttachment',
          customer_id: customerId,
          business_id: user.tenantId,
          attachment: { attachment_id: id, storage_key: key, content_type: ATTACHMENT_TYPES[kind], size: file.size },
          file_name: name,
        },
        { tenantId: user.tenantId, actor: actorOf(user) },
      );
    } catch (err) {
      await this.storage.remove(user.tenantId, key);
      throw err;
    }
    return attachmentView(await this.queries.attachment(user.tenantId, id));
  }

  @Get(':id/attachments')
  async list(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    if (!(await this.queries.exists(user.tenantId, id))) throw notFound();
    const data = await this.queries.attachments(user.tenantId, id);
    return { data, total: data.length, page: 1, per_page: null, last_page: 1 };
  }

  @Get('attachment/:id')
  async download(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Res() res: Response): Promise<void> {
    const a = await this.queries.attachment(user.tenantId, id);
    const content = await this.storage.get(user.tenantId, a.storage_key);
    if (!content) throw notFound();
    res.setHeader('Content-Type', a.content_type);
    res.setHeader('Content-Length', String(content.length));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${a.file_name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(a.file_name)}`,
    );
    res.end(content);
  }

  @Get('attachment/:id/delete')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    const a = await this.queries.attachment(user.tenantId, id);
    await this.commands.run(
      { type: 'RemoveCustomerAttachment', customer_id: a.customer_id, business_id: user.tenantId, attachment_id: id },
      { tenantId: user.tenantId, actor: actorOf(user) },
    );
    await this.storage.remove(user.tenantId, a.storage_key);
    return { id };
  }
}
