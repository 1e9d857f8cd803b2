export {
  BodyTooLargeError,
  DEFAULT_MAX_BODY_BYTES,
  readRequest,
  writeAndClose,
  writeResponse,
} from './adapt';
export * from './guard';
export { json, type HttpRequest, type HttpResponse, type HttpService } from './types';
export {
  type Exchange,
  type WireRequest,
  type WireResponse,
  exchangeFor,
  inProcessRequestHandler,
} from './sdk-transport';
