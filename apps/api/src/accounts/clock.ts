import { Injectable } from '@nestjs/common';

/** The time source of the accounts context; tests move it to cross trial ends and lock-outs. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
