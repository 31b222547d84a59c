/** The step-up as others use it: a change that carries the account's password proves it through the sign-in pipeline. */
export { provePasswordOf } from './service';
