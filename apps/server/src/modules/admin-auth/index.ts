/** Admin accounts as other modules make them: an accepted staff invitation creates its admin. */
export { createAdmin } from './service';
