import { BusinessError } from '../../http/envelope';

/** A list request the server refuses to translate; answered as `{success:false, code:500, message}`. */
export class QueryError extends BusinessError {
  constructor(message: string) {
    super(message, 500);
    this.name = 'QueryError';
  }
}

/** User text quoted in a message, shortened so a hostile megabyte does not come back in the answer. */
export function quote(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
