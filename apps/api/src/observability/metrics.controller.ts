import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/auth';
import { DatabaseFigures } from './database-figures';
import { Metrics } from './metrics';
import { MetricsAccess } from './metrics-access';

/** `GET /metrics` in Prometheus's text format, for the addresses and the token METRICS_ALLOW and METRICS_TOKEN name. */
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    private readonly figures: DatabaseFigures,
    private readonly access: MetricsAccess,
  ) {}

  @Public()
  @Get('metrics')
  async scrape(@Req() req: Request, @Res() res: Response): Promise<void> {
    // Refused as an unknown path is, so that a stranger does not learn the endpoint exists.
    if (!this.access.allows(req.ip, req.headers.authorization)) throw new NotFoundException(`Cannot ${req.method} ${req.path}`);
    await this.figures.refresh();
    // Both registries' answers are in the default text format, and their names are apart.
    const body = (await this.metrics.registry.metrics()) + (await this.figures.exposition());
    res.setHeader('Content-Type', this.metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(body);
  }
}
