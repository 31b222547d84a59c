/** The SDK module as others use it: the list of archives, for the SDK page the server renders (decision 0062). */
export { sdkList } from './service';
