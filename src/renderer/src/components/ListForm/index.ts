export { ListForm, type ListFormHandle, type ListFormProps, type ListFormResult } from './ListForm';
