import { Module } from '@nestjs/common';
import { PersonalKeys } from './personal-keys';

/** The one provider of the personal-data keys, shared by the queues and the bookings. */
@Module({ providers: [PersonalKeys], exports: [PersonalKeys] })
export class PersonalKeysModule {}
