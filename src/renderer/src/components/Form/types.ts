import type { DateKind } from '@renderer/utils/dateFormats';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  /** Free text with suggestions from `options` (typing anything else is allowed). */
  | 'autocomplete'
  | DateKind
  | 'switch'
  | 'radio'
  | 'checkbox'
  | 'daterange'
  | 'datetimerange'
  | 'timerange'
  | 'monthrange';

export interface FieldOption {
  label: string;
  value: string | number;
  disabled?: boolean;
}

export type FormValues = Record<string, unknown>;

/** One rule; each kind says its own message or gets a default one. */
export interface FieldRule {
  required?: boolean;
  pattern?: RegExp;
  /** A test of the text besides a pattern (a date that exists); failing shows the pattern's message. */
  test?: (text: string) => boolean;
  /** Least text length (strings) or item count (arrays). */
  min?: number;
  /** Most text length (strings) or item count (arrays). */
  max?: number;
  /** Returns the message when the value is wrong, nothing when it is right. */
  validator?: (value: unknown, values: FormValues) => string | null | undefined | void;
  message?: string;
}

/** A field declared as data. */
export interface FormField {
  key: string;
  label: string;
  /** text by default. */
  type?: FieldType;
  rules?: FieldRule[];
  /** A note under the input (a range, a format) while it shows no message. */
  hint?: string;
  /** 请输入 for inputs, 请选择 for selects and dates by default. */
  placeholder?: string;
  /** select, radio, checkbox: the choices; autocomplete: the suggestions (the value is written, the label shown). */
  options?: FieldOption[];
  disabled?: boolean;
  /** Columns out of 24; the form's defaultSpan otherwise. Full width on xs screens. */
  span?: number;
  hidden?: boolean;
  /** select: many values. */
  multiple?: boolean;
  /** select: a first option 全部 that clears the choice (filter bars). */
  clearable?: boolean;
  /** number: bounds, step and fraction digits (see NumberInput). */
  min?: number;
  max?: number;
  step?: number;
  decimal?: number;
  /** text/textarea/password/autocomplete: most characters. */
  maxLength?: number;
  /** textarea rows (3). */
  rows?: number;
  /** dates: display and value formats (dayjs or yyyy-MM-dd tokens). */
  format?: string;
  valueFormat?: string;
  /** switch: values for on and off, 1 and 0 by default (SPEC 9). */
  activeValue?: unknown;
  inactiveValue?: unknown;
}

export interface ValidateResult {
  valid: boolean;
  values: FormValues;
  /** First message per failing field key. */
  errors: Record<string, string>;
}

export interface FormHandle {
  /** Trims text and textarea values, checks every rule (none while disabled) and shows the messages. */
  validate(): ValidateResult;
  /** The current values, text and textarea trimmed. */
  getValues(): FormValues;
  setValues(values: FormValues): void;
  /** Back to the initial values, no messages. */
  reset(): void;
  clearErrors(): void;
}
