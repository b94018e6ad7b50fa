import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { TextField, type TextFieldProps } from './field';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'error' | 'name' | 'form'> & {
  form: Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>;
  name: Path<T>;
  /** What react-hook-form's register takes: valueAsNumber, deps... */
  options?: RegisterOptions<T, Path<T>>;
};

/** A TextField bound to one field of a react-hook-form form: registered, and showing that field's error. */
export function FormTextField<T extends FieldValues>({ form, name, options, ...props }: FormTextFieldProps<T>) {
  const { error } = form.getFieldState(name, form.formState);
  return <TextField error={error?.message} {...props} {...form.register(name, options)} />;
}
