/** The security history's wording, shared with the back-office's player detail (one place for the labels). */
export { eventDetail, eventLabel } from './labels';
