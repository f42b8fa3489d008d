import { paymentSettingsDocument } from './decide';

/** Each change laid over the document, as the platform's settings document folds it. */
export const evolve = paymentSettingsDocument.evolve;
