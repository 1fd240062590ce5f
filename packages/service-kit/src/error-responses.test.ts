import { MessageResponse } from '@hf/contracts';
import { errorResponses } from './error-responses';

describe('errorResponses', () => {
  it('answers { message } for each status named, and only those', () => {
    expect(errorResponses(400, 401, 503)).toEqual({ 400: MessageResponse, 401: MessageResponse, 503: MessageResponse });
    expect(errorResponses()).toEqual({});
  });
});
