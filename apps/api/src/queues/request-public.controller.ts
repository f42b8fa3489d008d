import { Body, Controller, Get, HttpCode, Ip, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { notFound } from '@tabour/platform';
import { Public } from '../common/auth';
import { Throttled, THROTTLES } from '../common/throttles';
import { IdPipe } from '../common/ids';
import { SubmitRequestDto } from './requests.dto';
import { RequestsService } from './requests.service';

const UID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Joining a queue from the web page or the mobile app: no login. The request waits for staff;
 * its page, reached by its unguessable uid alone, shows its status and, once approved, the
 * ticket's link and label, and nothing of anyone else.
 */
@ApiTags('public queue request')
@Public()
@Controller('user')
export class QueueRequestPublicController {
  constructor(private readonly requests: RequestsService) {}

  @Put('queue/:queue_id/request')
  @Throttled(...THROTTLES.queueRequest)
  @HttpCode(201)
  submit(@Param('queue_id', IdPipe) queueId: string, @Body() body: SubmitRequestDto, @Ip() ip: string) {
    return this.requests.submit(
      queueId,
      { ...body, service_ids: body.service_ids ?? [], member_id: body.member_id ?? null, note: body.note ?? null },
      ip || 'unknown',
    );
  }

  @Get('queue/request/:uid')
  @Throttled(...THROTTLES.ticketRead)
  read(@Param('uid') uid: string) {
    if (!UID.test(uid)) throw notFound('This request link is not valid');
    return this.requests.publicView(uid);
  }
}
