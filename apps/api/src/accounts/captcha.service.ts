import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import * as svgCaptcha from 'svg-captcha';
import type { Db } from '@tabour/platform';
import '@tabour/accounts';
import { isUuid } from '../common/ids';
import { DB } from '../common/tokens';
import { Clock } from './clock';
import { sha256 } from './secrets';

const TTL_MS = 5 * 60 * 1000;
const normal = (text: string) => text.trim().toLowerCase();

export interface Captcha {
  key: string;
  /** An SVG picture as a data: URL, ready for an <img src>. */
  image: string;
}

/** Human checks for the login: the expected text is stored hashed, expires, and is used once. */
@Injectable()
export class CaptchaService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Returns the text too, for callers inside the process (tests); the HTTP answer omits it. */
  async create(): Promise<Captcha & { text: string }> {
    const { text, data } = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0oO1lIi', background: '#f4f6f8' });
    const key = randomUUID();
    const now = this.clock.now();
    await this.db.deleteFrom('captchas').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('captchas')
      .values({ key, text_hash: sha256(normal(text)), expires_at: new Date(now.getTime() + TTL_MS) })
      .execute();
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, text };
  }

  /** Consumes the captcha whatever the answer: a wrong guess cannot be followed by another. */
  async verify(key: string, answer: string): Promise<boolean> {
    if (!isUuid(key)) return false;
    const row = await this.db.deleteFrom('captchas').where('key', '=', key.toLowerCase()).returning(['text_hash', 'expires_at']).executeTakeFirst();
    if (!row || row.expires_at <= this.clock.now()) return false;
    return row.text_hash === sha256(normal(answer));
  }
}
