/** The OpenID Provider as the rest of the portal uses it: the demo's app. */
export { seedDemoApp } from './clients';
