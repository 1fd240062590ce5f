/** The 4xx messages of the request guards every service (and the gateway) applies. */
export const REQUEST_MESSAGES = {
  invalidJson: 'The request body is not valid JSON.',
  emptyJson: 'The request body is empty.',
  invalidUnicode: 'The request contains text that is not valid Unicode.',
  invalidUrl: 'The request URL is not valid.',
  urlTooLong: 'A part of the request URL is too long.',
  tooManyDecimals: 'Amounts can have at most 2 decimal places.',
  forbiddenKey: 'The request body contains a forbidden field name.',
  duplicateAuthorization: 'The request has more than one Authorization header.',
  compressedBody: 'Compressed request bodies are not supported: send the body without Content-Encoding.',
  bodyTooLarge: 'The request body is too large.',
} as const;
