import { CanActivate, createParamDecorator, ExecutionContext, Injectable, Optional, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { callRoles } from '@tabour/contracts';
import { forbidden, Package, planRequired, Principal, Role, unauthorized, UserPrincipal } from '@tabour/platform';

export const PUBLIC_KEY = 'tabour:public';
export const ROLES_KEY = 'tabour:roles';
export const PLAN_KEY = 'tabour:plan';
export const PRINCIPAL_KINDS_KEY = 'tabour:principal-kinds';

/** No token needed (login, register, captcha, public ticket pages). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);
/**
 * The staff roles a call admits, as the access table (`STAFF_CALLS` in libs/contracts) says: a
 * declaration the reader sees beside the handler, which a test holds equal to the table; the
 * guard reads the table itself. Without it, every staff role.
 */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
/** Packages whose members may call this; trial counts as every package. */
export const RequiresPlan = (...packages: Package[]) => SetMetadata(PLAN_KEY, packages);
/** Which kinds of token may call; staff users only by default. */
export const PrincipalKinds = (...kinds: Principal['kind'][]) => SetMetadata(PRINCIPAL_KINDS_KEY, kinds);

/** Resolves a bearer token to its principal; the accounts module provides it. */
export abstract class SessionResolver {
  abstract resolve(token: string): Promise<Principal | null>;
  /** Of these principals' sessions, the ones still open, each with when it expires (null: when it is ended): a socket's re-check. */
  abstract stillOpen(principals: Principal[]): Promise<Map<string, Date | null>>;
}

/** Answers which package a business is on now; the accounts module provides it. */
export abstract class MembershipReader {
  abstract activePackage(tenantId: string): Promise<Package>;
}

/**
 * The feature matrix's side of the plan gate: a call that creates a counted record or uses a
 * switched feature is refused when the package does not allow it (the billing module provides it).
 */
export abstract class PlanGate {
  /** Whether the route is one the matrix gates (a lookup, so other calls read no membership). */
  abstract gates(method: string, routePath: string): boolean;
  abstract check(principal: Principal, pkg: Package, method: string, routePath: string | undefined, params: Record<string, string>): Promise<void>;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1] : null;
}

@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionResolver,
    private readonly memberships: MembershipReader,
    @Optional() private readonly planGate?: PlanGate,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const req = context.switchToHttp().getRequest();
    const token = bearerToken(req.headers?.authorization);
    if (!token) throw unauthorized();
    const principal = await this.sessions.resolve(token);
    if (!principal) throw unauthorized();
    const kinds = this.reflector.getAllAndOverride<Principal['kind'][]>(PRINCIPAL_KINDS_KEY, targets) ?? ['user'];
    if (!kinds.includes(principal.kind)) throw forbidden();
    req.principal = principal;
    // A staff call's roles are the access table's, the one the web's screens read (docs/security.md).
    const roles = principal.kind === 'user' ? callRoles(req.method ?? '', req.route?.path ?? '') : null;
    if (roles && principal.kind === 'user' && !roles.includes(principal.role)) throw forbidden();
    const plans = this.reflector.getAllAndOverride<Package[]>(PLAN_KEY, targets);
    const gated = !!this.planGate && typeof req.route?.path === 'string' && this.planGate.gates(req.method, req.route.path);
    if (plans?.length || gated) {
      const pkg = await this.memberships.activePackage(principal.tenantId);
      if (plans?.length && pkg !== 'TRIAL' && !plans.includes(pkg)) throw planRequired();
      if (gated) await this.planGate!.check(principal, pkg, req.method, req.route.path, req.params ?? {});
    }
    return true;
  }
}

/** The caller, as the guard resolved it. */
export const Ctx = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  return context.switchToHttp().getRequest().principal;
});

/** The calling staff user (routes that only staff reach). */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): UserPrincipal => {
  const p = context.switchToHttp().getRequest().principal as Principal;
  if (!p || p.kind !== 'user') throw forbidden();
  return p;
});
