export const SESSION_KINDS = ['user', 'kiosk', 'display'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];
export const SESSION_END_REASONS = ['logout', 'remote_logout', 'address_changed'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export interface SessionsEnded {
  type: 'SessionsEnded';
  /** `session_ids` null: every session of the subject (a remote logout of a device). */
  data: { business_id: string; kind: SessionKind; subject_id: string; session_ids: string[] | null; reason: SessionEndReason };
}
export type SessionEndEvent = SessionsEnded;
export const SESSION_END_EVENT_TYPES = ['SessionsEnded'] as const satisfies readonly SessionEndEvent['type'][];
