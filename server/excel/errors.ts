import { BusinessError } from '../http/envelope';

/**
 * A whole file is refused (format, size, header). It is a BusinessError so a route that lets it
 * escape answers the envelope with this message, as JeecgBoot's import does.
 */
export class ExcelFileError extends BusinessError {
  constructor(message: string) {
    super(message, 500);
    this.name = 'ExcelFileError';
  }
}
