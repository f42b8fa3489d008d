import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { AppConfig, invalid, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Public } from '../common/auth';
import { FORM_LIMITS } from '../common/body-limits';
import { Throttled, THROTTLES } from '../common/throttles';
import { APP_CONFIG } from '../common/tokens';
import { Captcha, CaptchaService } from './captcha.service';
import { ChangePasswordDto, LegacyLoginDto, LoginDto, RegisterDto, ResetRequestDto, ResetUpdateDto, UpdateAccountDto } from './dto';
import { LoginService, NOT_HUMAN, SessionAnswer, TooManyAttempts } from './login.service';
import { PasswordService } from './passwords.service';
import { Registered, RegistrationService } from './registration.service';
import { SessionEnds } from './session-ends';
import { UsersQueries, UserView } from './users.queries';
import { UsersService } from './users.service';
import { actorOf } from '../common/actor';

/** Registration, login, logout, the captcha, the caller's own profile and password. */
@Controller('business/account')
export class AccountController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registration: RegistrationService,
    private readonly logins: LoginService,
    private readonly captchas: CaptchaService,
    private readonly sessions: SessionEnds,
    private readonly passwords: PasswordService,
    private readonly users: UsersService,
    private readonly queries: UsersQueries,
  ) {}

  /** 201; the account then awaits approval unless this installation approves at once. */
  @Public()
  @Post('register')
  @Throttled(...THROTTLES.register)
  // A form (multipart or URL-encoded) as well as JSON, with the same validation (docs/product.md#request-bodies).
  @UseInterceptors(NoFilesInterceptor({ limits: FORM_LIMITS }))
  register(@Body() body: RegisterDto): Promise<Registered> {
    return this.registration.register({
      businessName: body.business_name,
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      phone: body.phone?.trim() || null,
      country: body.country ?? null,
      password: body.password,
    });
  }

  /** What the login page must show before anyone logs in: whether the installation asks for the captcha. */
  @Public()
  @Get('login-config')
  loginConfig(): { captcha: boolean } {
    return { captcha: this.config.captcha };
  }

  /** `{ key, image }`: show the image, send its text as `captcha` and the key as `key` with the login. */
  @Public()
  @Get('captcha')
  async captcha(): Promise<Captcha> {
    const { key, image } = await this.captchas.create();
    return { key, image };
  }

  @Public()
  @Post('auth')
  @HttpCode(200)
  auth(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionAnswer> {
    return this.withRetryAfter(res, () => this.logins.login(body, req.ip ?? '', { captcha: this.config.captcha }));
  }

  /** The login without a captcha, kept for old clients: only where the captcha is off. */
  @Public()
  @Post('auth/old')
  @HttpCode(200)
  legacyAuth(@Body() body: LegacyLoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionAnswer> {
    if (this.config.captcha) throw invalid(NOT_HUMAN, { captcha: [NOT_HUMAN] }, 'captcha_required');
    return this.withRetryAfter(res, () => this.logins.login(body, req.ip ?? '', { captcha: false }));
  }

  /** The session ends, and with it the sockets it opened, on every instance (docs/security.md). */
  @Post('logout')
  @HttpCode(200)
  async logout(@CurrentUser() user: UserPrincipal): Promise<{ message: string }> {
    await this.sessions.logout(user);
    return { message: 'You are logged out' };
  }

  @Public()
  @Get('checkemail/:email')
  @Throttled(...THROTTLES.checkEmail)
  async checkEmail(@Param('email') email: string): Promise<{ available: boolean }> {
    return { available: await this.queries.isEmailAvailable(String(email).slice(0, 254)) };
  }

  /** The caller's own name, e-mail, phone and language; answers the updated user. */
  @Post('update')
  @HttpCode(200)
  @UseInterceptors(NoFilesInterceptor({ limits: FORM_LIMITS }))
  update(@CurrentUser() user: UserPrincipal, @Body() body: UpdateAccountDto): Promise<UserView> {
    const fields: Parameters<UsersService['updateOwnProfile']>[1] = {};
    if (body.first_name !== undefined) fields.first_name = body.first_name;
    if (body.last_name !== undefined) fields.last_name = body.last_name;
    if (body.email !== undefined) fields.email = body.email;
    if (body.phone !== undefined) fields.phone = body.phone?.trim() || null;
    if (body.language !== undefined) fields.language = body.language;
    return this.users.updateOwnProfile(user, fields);
  }

  /** Every other session of the user ends; this one stays. */
  @Post('password/update')
  @HttpCode(200)
  async changePassword(@CurrentUser() user: UserPrincipal, @Body() body: ChangePasswordDto, @Req() req: Request): Promise<{ message: string }> {
    await this.passwords.change(
      { id: user.userId, tenant_id: user.tenantId },
      body.current_password,
      body.password,
      actorOf(user),
      user.sessionId,
      req.ip ?? '',
    );
    return { message: 'Your password has been changed' };
  }

  /** Always 200: the answer does not tell whether an account uses the e-mail. */
  @Public()
  @Post('password/reset')
  @HttpCode(200)
  async requestReset(@Body() body: ResetRequestDto): Promise<{ message: string }> {
    await this.passwords.requestReset(body.email);
    return { message: 'If an account uses this email, a reset code has been sent to it' };
  }

  @Public()
  @Post('password/reset/update')
  @HttpCode(200)
  async confirmReset(@Body() body: ResetUpdateDto, @Req() req: Request): Promise<{ message: string }> {
    await this.passwords.confirmReset(body.email, body.code, body.password, req.ip ?? '');
    return { message: 'Your password has been changed, you can log in now' };
  }

  private async withRetryAfter<T>(res: Response, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof TooManyAttempts) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  }
}
