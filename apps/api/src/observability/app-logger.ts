import { Injectable } from '@nestjs/common';
import { Logger } from 'nestjs-pino';

/** Nest's start-up inventory: a line per module and per route, at every start. */
const INVENTORY = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/**
 * Nest's logger on pino (nestjs-pino), with the framework's start-up inventory (some four
 * hundred lines) at debug rather than info: an operator's info is what the product did.
 */
@Injectable()
export class AppLogger extends Logger {
  log(message: unknown, ...optionalParams: unknown[]): void {
    if (INVENTORY.has(optionalParams[optionalParams.length - 1] as string)) return super.debug(message, ...optionalParams);
    super.log(message, ...optionalParams);
  }
}
