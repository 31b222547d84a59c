/** Caliber developers as the launcher sign-in uses them. */

export { developersPersonalData } from './personal-data';
export { isVerifiedDeveloper, markDeveloper } from './service';
