export { AppsWithAccessSection } from './AppsWithAccessSection';
