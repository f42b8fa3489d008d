import type { Position, Role } from '@tabour/platform';
import type { PasswordResetRequested, Profile, UserPasswordChanged } from './events';

interface Target {
  user_id: string;
  business_id: string;
}
export type UserCommand =
  | ({ type: 'CreateLogin' } & Target & { email: string; first_name: string; last_name: string; position: Position; role?: Role })
  | ({ type: 'UpdateProfile' } & Target & { source: 'self' | 'team'; fields: Partial<Profile> })
  | ({ type: 'ChangePassword' } & Target & { credential_id: string; reason: UserPasswordChanged['data']['reason'] })
  | ({ type: 'RequestPasswordReset' } & Target & { reason: PasswordResetRequested['data']['reason'] })
  | ({ type: 'RemoveUser' } & Target & { actor_user_id: string | null });
