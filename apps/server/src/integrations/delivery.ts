/**
 * A provider's refusal to deliver one message. `permanent` failures (a bad token, a blocked user,
 * an address the server rejects) are not retried; anything else (timeouts, 5xx, 429) is.
 */
export class DeliveryError extends Error {
  constructor(
    readonly permanent: boolean,
    readonly answer: string,
  ) {
    super(answer);
  }
}
