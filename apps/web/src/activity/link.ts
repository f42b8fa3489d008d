/** The activity log narrowed to one record's timeline: a ticket's, a booking's, a customer's. */
export const activityTimelinePath = (recordId: string): string => `/activity?${new URLSearchParams({ filter: JSON.stringify({ record_id: recordId }) })}`;
