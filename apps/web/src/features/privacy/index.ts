/** Privacy requests as other features use them: the profile's "Your data" section. */
export { YourDataSection } from './YourDataSection';
