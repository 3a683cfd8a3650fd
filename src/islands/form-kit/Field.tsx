/**
 * Labelled form controls shared by the lead forms: every control has a <label for>, its hint and error
 * are tied to it with aria-describedby, and an error sets aria-invalid (DESIGN §6 Forms).
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** The DOM id of a field: error summaries link to it and focus it. */
export const fieldId = (form: string, name: string) => `${form}-${name}`;

/** Each field's error, by its name (what the schemas and the API's violations report). */
export type FieldErrors = Record<string, string | undefined>;

/** What a group of fields of one form takes: the form's id prefix and the errors by field name. */
export interface FieldGroupProps {
  form: string;
  errors: FieldErrors;
}

/**
 * The props that tie a field to its form and to its own error, by name:
 * `const field = fieldsOf(formId, errors)`, then `<Input {...field('email')} label="Email" />`.
 */
export const fieldsOf = (form: string, errors: FieldErrors) => (name: string) => ({
  form,
  name,
  error: errors[name],
});

interface Base {
  /** Id prefix of the form the field belongs to. */
  form: string;
  name: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Marks the label '(optional)'; everything else is required. */
  optional?: boolean;
  className?: string;
}

function aria(id: string, error: string | undefined, hint: ReactNode) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

function Frame({
  id,
  label,
  error,
  hint,
  optional,
  className,
  children,
}: Omit<Base, 'form' | 'name'> & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="field-optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Base & Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name'> & { prefix?: string };

export function Input({ form, name, label, error, hint, optional, className, prefix, ...rest }: InputProps) {
  const id = fieldId(form, name);
  const input = <input id={id} name={name} required={!optional} {...aria(id, error, hint)} {...rest} />;
  return (
    <Frame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      {prefix ? (
        <div className="field-affix">
          <span aria-hidden="true">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
    </Frame>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** Options whose label is their value. */
export const choices = (values: readonly string[]): Option[] =>
  values.map((value) => ({ value, label: value }));

type SelectProps = Base &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'form' | 'name'> & {
    options: readonly Option[];
    placeholder?: string;
  };

export function Select({
  form,
  name,
  label,
  error,
  hint,
  optional,
  className,
  options,
  placeholder,
  ...rest
}: SelectProps) {
  const id = fieldId(form, name);
  return (
    <Frame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <select id={id} name={name} required={!optional} {...aria(id, error, hint)} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

type TextAreaProps = Base & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'name'>;

export function TextArea({ form, name, label, error, hint, optional, className, ...rest }: TextAreaProps) {
  const id = fieldId(form, name);
  return (
    <Frame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <textarea id={id} name={name} required={!optional} {...aria(id, error, hint)} {...rest} />
    </Frame>
  );
}

type CheckboxProps = Omit<Base, 'optional' | 'hint'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'type'>;

/** A tick box: never pre-ticked by the forms (DESIGN §5 POPIA). */
export function Checkbox({ form, name, label, error, className, ...rest }: CheckboxProps) {
  const id = fieldId(form, name);
  return (
    <div className={`check${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
      <input type="checkbox" id={id} name={name} {...aria(id, error, undefined)} {...rest} />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The honeypot (server field `website`, src/server/leads/accept.ts): people never see or reach it,
 * bots fill it in and get a success that stores nothing.
 */
export function Honeypot({ form }: { form: string }) {
  const id = fieldId(form, 'website');
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input type="text" id={id} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
