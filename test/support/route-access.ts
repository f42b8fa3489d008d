import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import type { Package, Principal, Role } from '@tabour/platform';
import { PLAN_KEY, PRINCIPAL_KINDS_KEY, PUBLIC_KEY, ROLES_KEY } from '../../apps/api/src/common/auth';

/** What a call of the API declares about who may make it, read from its controller's decorators. */
export interface DeclaredAccess {
  method: string;
  path: string;
  public: boolean;
  kinds: Principal['kind'][];
  roles: Role[];
  plans: Package[];
}

const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : [String(v ?? '')]);

/** Every handler of every controller, with the Express path Nest mounts it on. */
export function declaredAccess(app: INestApplication): DeclaredAccess[] {
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const out: DeclaredAccess[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: unknown[]) => object) | null;
      if (!type) continue;
      const bases = list(Reflect.getMetadata(PATH_METADATA, type));
      for (const name of scanner.getAllMethodNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name] as object;
        const own = Reflect.getMetadata(PATH_METADATA, handler);
        if (own === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const targets = [handler, type] as [object, object] as [never, never];
        for (const base of bases) {
          for (const p of list(own)) {
            out.push({
              method,
              path: join(base, p),
              public: !!reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets),
              kinds: reflector.getAllAndOverride<Principal['kind'][]>(PRINCIPAL_KINDS_KEY, targets) ?? ['user'],
              roles: reflector.getAllAndOverride<Role[]>(ROLES_KEY, targets) ?? [],
              plans: reflector.getAllAndOverride<Package[]>(PLAN_KEY, targets) ?? [],
            });
          }
        }
      }
    }
  }
  return out;
}
