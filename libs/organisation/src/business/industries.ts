// The list is the contract's: the web shows the same ids.
export { INDUSTRIES, INDUSTRY_IDS } from '@tabour/contracts';
