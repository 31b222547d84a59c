/** Caliber developers as the launcher sign-in uses them. */
export { isVerifiedDeveloper, markDeveloper } from './service';
