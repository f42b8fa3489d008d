import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { noteTypeDecider, noteTypeStream } from '@tabour/queues';
import { UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { Commands } from '../common/commands';
import { actorOf } from '../common/actor';
import { ListQueryDto, NoteTypeDto, NoteTypeUpdateDto } from './dto';
import { QueueQueries } from './queries';

/** Kinds of ticket notes: any staff member reads them to pick one, ADMIN manages them. */
@ApiTags('note types')
@ApiBearerAuth()
@Controller('business')
export class NoteTypesController {
  constructor(
    private readonly commands: Commands,
    private readonly queries: QueueQueries,
  ) {}

  @Get('note-type')
  list(@CurrentUser() user: UserPrincipal, @Query() q: ListQueryDto) {
    return this.queries.noteTypes(user.tenantId, pageRequest(q as Record<string, unknown>), q.q);
  }

  @Post('note-type/create')
  @HttpCode(201)
  @Roles('ADMIN')
  async create(@CurrentUser() user: UserPrincipal, @Body() body: NoteTypeDto) {
    const id = randomUUID();
    await this.commands.run(
      noteTypeDecider,
      noteTypeStream(id),
      { type: 'CreateNoteType', note_type_id: id, business_id: user.tenantId, fields: { name: body.name, color: body.color ?? null } },
      { tenantId: user.tenantId, actor: actorOf(user) },
    );
    return this.queries.noteType(user.tenantId, id);
  }

  @Get('note-type/:id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.noteType(user.tenantId, id);
  }

  @Post('note-type/:id/update')
  @HttpCode(200)
  @Roles('ADMIN')
  async update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: NoteTypeUpdateDto) {
    const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    await this.commands.run(
      noteTypeDecider,
      noteTypeStream(id),
      { type: 'UpdateNoteType', note_type_id: id, business_id: user.tenantId, fields },
      { tenantId: user.tenantId, actor: actorOf(user) },
    );
    return this.queries.noteType(user.tenantId, id);
  }

  @Delete('note-type/:id/delete')
  @Roles('ADMIN')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    await this.commands.run(
      noteTypeDecider,
      noteTypeStream(id),
      { type: 'DeleteNoteType', note_type_id: id, business_id: user.tenantId },
      { tenantId: user.tenantId, actor: actorOf(user) },
    );
    return { message: 'Note type deleted', id };
  }
}
