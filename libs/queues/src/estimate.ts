// The wait estimate is one rule for the queue, the API's reads and the screens: the contract's.
export { callPosition, counterMayServe, DEFAULT_SERVICE_SECONDS, estimateWait, SMOOTHING, smooth, type EstimateInput } from '@tabour/contracts';
