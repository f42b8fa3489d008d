/** What the back-office's display settings use of the board: the announcer's texts and the browser's voices. */
export { DEFAULT_VOICE, utterancesFor } from './announcer';
export { browserSpeaker, defaultTemplate, useVoices } from './speech';
