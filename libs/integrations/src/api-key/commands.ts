export const API_KEY_NAME_MAX = 100;

export type ApiKeyCommand =
  | { type: 'CreateApiKey'; key_id: string; business_id: string; name: string; scopes: string[]; prefix: string; by: string | null }
  | { type: 'RevokeApiKey'; key_id: string; business_id: string };
