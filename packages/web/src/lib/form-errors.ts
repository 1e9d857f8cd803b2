/** zod issues -> one message per field, keyed like the API's 400 `errors`. */
export { fieldErrors as fieldErrorsFrom } from '@cpe/shared/schemas';
