/**
 * Checks a report document against schemas/meta/report.schema.json (ajv, draft 2020-12) and answers
 * the page language's error shape (runtime/schema/schemaError): file, JSON pointer, Chinese message.
 * The messages are the page language's (runtime/schema/metaValidator.ts).
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import reportMetaSchema from '../../schemas/meta/report.schema.json';
import { translateMetaError } from '../../runtime/schema/metaValidator';
import { pointerToken, type SchemaError } from '../../runtime/schema/schemaError';
import type { ReportDocument } from '../generated/report';

let compiled: ValidateFunction<ReportDocument> | undefined;

function validator(): ValidateFunction<ReportDocument> {
  if (!compiled) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true });
    ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
    compiled = ajv.compile<ReportDocument>(reportMetaSchema);
  }
  return compiled;
}

/** The page language's messages, plus the one keyword only reports use (their params' names). */
function translate(error: ErrorObject, source: string): SchemaError {
  if (error.keyword !== 'propertyNames') return translateMetaError(error, source);
  const name = String((error.params as Record<string, unknown>).propertyName);
  return { source, pointer: `${error.instancePath}/${pointerToken(name)}`, message: '参数名只能包含字母、数字和下划线，且以字母开头' };
}

/** Errors of `doc` against the report meta-schema; empty when it conforms. */
export function validateReportDocument(doc: unknown, source: string): SchemaError[] {
  const validate = validator();
  if (validate(doc)) return [];
  // A bad property name also fails the pattern of the names below it; one message per place is enough.
  const errors = (validate.errors ?? []).filter((e) => !(e.keyword === 'pattern' && e.propertyName !== undefined));
  return errors.map((error) => translate(error, source));
}
