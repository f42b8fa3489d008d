/** The counter an agent last opened in a queue, offered first the next time (kept in this browser). */
const LAST_COUNTER = (queueId: string) => `tabour.counter.${queueId}`;

export const rememberedCounter = (queueId: string) => {
  try {
    return localStorage.getItem(LAST_COUNTER(queueId)) ?? '';
  } catch {
    return '';
  }
};

export const rememberCounter = (queueId: string, counterId: string) => {
  try {
    localStorage.setItem(LAST_COUNTER(queueId), counterId);
  } catch {
    // a browser without storage only forgets the choice
  }
};
