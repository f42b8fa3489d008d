export { rulesProjection } from './booking-rules';
