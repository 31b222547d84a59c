/** Staff as the privacy registry sees them: invitations name who invited. */
export { staffPersonalData } from './personal-data';
