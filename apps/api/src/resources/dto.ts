import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { RESOURCE_KINDS, type ResourceKind } from '@tabour/contracts';
import { Flag, IdList, Name, stack } from '../common/dto-fields';
import { ReadFields } from '../common/input-rules';
import { ToNumber } from '../common/transforms';
import { ListQuery } from '../organisation/dto';

const Capacity = () =>
  stack(ApiPropertyOptional({ minimum: 1 }), IsOptional(), ToNumber(), IsInt({ message: 'The capacity must be a whole number' }), Min(1), Max(10000));

export class CreateResourceDto {
  @Name(150) name: string;
  @ApiPropertyOptional({ enum: RESOURCE_KINDS })
  @IsOptional()
  @IsIn(RESOURCE_KINDS, { message: `Select a valid kind (${RESOURCE_KINDS.join(', ')})` })
  kind?: ResourceKind;
  @Capacity() capacity?: number;
  @IdList(500, 'Select valid departments', 'list') department_ids?: string[];
  @Flag() active?: boolean;
}

/** Every field optional: only those given change. */
@ReadFields('id', 'created_at', 'updated_at')
export class ResourceDto extends PartialType(CreateResourceDto) {}

export class ResourceListQuery extends ListQuery {
  @ApiPropertyOptional({ enum: RESOURCE_KINDS }) @IsOptional() @IsIn(RESOURCE_KINDS) kind?: ResourceKind;
}
