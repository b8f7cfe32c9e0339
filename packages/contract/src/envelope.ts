/** Every API answer has this shape. */
export interface Envelope<T = unknown> {
  status: boolean;
  message: string;
  data: T;
}

export interface FieldError {
  /** Dotted path of the offending field, e.g. `receiver.phone`; empty for the whole body. */
  field: string;
  message: string;
}

export interface ValidationErrorData {
  errors: FieldError[];
}

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  per_page: number;
}

/** The message a member call answers when the token is missing, expired or revoked. */
export const LOGOUT_MESSAGE = "logout";
