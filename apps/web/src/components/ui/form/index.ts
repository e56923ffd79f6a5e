export { Field, type TFieldControl } from './field';
export { ErrorBanner, NoticeBanner } from './form-banner';
export {
  errorText,
  fieldIssues,
  firstIssue,
  focusField,
  parseForm,
  parseFormWith,
  UNEXPECTED_ERROR,
  type TFormError,
} from './form-errors';
export { Input } from './input';
export { Select } from './select';
export { Textarea } from './textarea';
