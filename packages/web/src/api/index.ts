/** The API's HTTP code, which the app loads on demand (api.ts): the requesters of client.ts. */
export { createFileRequester, createRequester } from './client';
