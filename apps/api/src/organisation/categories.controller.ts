import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiPropertyOptional, ApiTags, PartialType } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Category, ServerInstant } from '@tabour/contracts';
import { categoryDecider, categoryStream } from '@tabour/organisation';
import { Db, notFound, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { Name, NullableMatch, PageQuery } from '../common/dto-fields';
import { IdPipe } from '../common/ids';
import { likePattern } from '../common/like';
import { selectPage } from '../common/paged-select';
import { pageRequest, Paged } from '../common/paging';
import { DB } from '../common/tokens';
import { Commands } from '../common/commands';

export class CategoryDto {
  @Name(100) name: string;
  @NullableMatch(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Enter a colour as #rrggbb') color?: string | null;
}
export class CategoryUpdateDto extends PartialType(CategoryDto) {}
export class CategoryListQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) q?: string;
}

const COLUMNS = ['id', 'name', 'color', 'created_at', 'updated_at'] as const;

/** The business's categories (/settings/category): any staff reads them to pick one, ADMIN manages them. */
@ApiTags('categories')
@ApiBearerAuth()
@Controller('business')
export class CategoriesController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: Commands,
  ) {}

  @Get('category')
  list(@CurrentUser() user: UserPrincipal, @Query() q: CategoryListQuery): Promise<Paged<Category<ServerInstant>>> {
    let base = this.db.selectFrom('business_categories').where('tenant_id', '=', user.tenantId);
    if (q.q) base = base.where('name', 'ilike', likePattern(q.q));
    return selectPage(base, (b) => b.select(COLUMNS).orderBy('name').orderBy('id'), pageRequest(q as Record<string, unknown>));
  }

  // Existing clients create note types and categories with POST (docs/product.md#note-types-and-categories).
  @Post('category/create')
  @HttpCode(201)
  @Roles('ADMIN')
  async create(@CurrentUser() user: UserPrincipal, @Body() body: CategoryDto) {
    const id = randomUUID();
    await this.commands.byUser(user, categoryDecider, categoryStream(id), {
      type: 'CreateCategory',
      category_id: id,
      business_id: user.tenantId,
      fields: { name: body.name, color: body.color ?? null },
    });
    return this.one(user, id);
  }

  @Get('category/:id')
  async one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string): Promise<Category<ServerInstant>> {
    const row = await this.db.selectFrom('business_categories').select(COLUMNS).where('tenant_id', '=', user.tenantId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Category not found');
    return row;
  }

  @Post('category/:id/update')
  @HttpCode(200)
  @Roles('ADMIN')
  async update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: CategoryUpdateDto) {
    const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    await this.commands.byUser(user, categoryDecider, categoryStream(id), { type: 'UpdateCategory', category_id: id, business_id: user.tenantId, fields });
    return this.one(user, id);
  }

  @Delete('category/:id/delete')
  @Roles('ADMIN')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    await this.commands.byUser(user, categoryDecider, categoryStream(id), { type: 'DeleteCategory', category_id: id, business_id: user.tenantId });
    return { id };
  }
}
