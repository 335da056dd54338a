export { Form, type FormProps } from './Form';
export { FieldInput, type FieldInputProps } from './FieldInput';
export { sameValues } from './sameValues';
export { fromSchema, rulesFrom, type SchemaLimits, type SchemaOptions } from './schemaRules';
export { fieldError, formErrors, trimValues, isEmpty, defaultPlaceholder } from './rules';
export type { FieldOption, FieldRule, FieldType, FormField, FormHandle, FormValues, ValidateResult } from './types';
