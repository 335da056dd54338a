export { RangePicker, type RangePickerProps, type RangeValue } from './RangePicker';
export { DateField, type DateFieldProps } from './DateField';
export { PickerProvider } from './PickerProvider';
