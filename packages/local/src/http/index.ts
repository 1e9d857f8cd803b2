export { BodyTooLargeError, readRequest, writeResponse } from './adapt';
export { json, type HttpRequest, type HttpResponse, type HttpService } from './types';
