/** Texts of the kiosk, display and public ticket pages and of the kiosks, displays and feedback screens. */
const en = {};

export type DevicesCatalogue = typeof en;
export default en;
