/** Player safety, staff's and the games' side (issue #37): sanctions placed and lifted, appeals, reports. */

export { moderationPersonalData } from './personal-data';
