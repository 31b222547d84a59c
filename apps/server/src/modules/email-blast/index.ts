/** Email blasts as the privacy registry sees them: the staff they name. */
export { emailBlastPersonalData } from './personal-data';
