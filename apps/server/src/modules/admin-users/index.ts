/** The users tables as the composition uses them: what they hold about players. */
export { adminUsersPersonalData } from './personal-data';
