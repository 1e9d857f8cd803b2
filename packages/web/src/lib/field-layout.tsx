import { Fragment, type ReactNode } from 'react';

/** How one page shows a field where it differs from the form's default. */
export interface FieldOptions {
  label?: string;
  /** A text field as several lines (a textarea). */
  multiline?: boolean;
  /** Half the form's width from md up, beside its neighbour (a figure and its unit). */
  half?: boolean;
}

/** A page's choice of fields, in its order, with its own wording. */
export interface FieldLayout<F extends string> {
  fields: readonly F[];
  options?: Partial<Record<F, FieldOptions>>;
}

/** What renders one field: its default label, and the input given the page's options. */
export interface FieldInput<Form> {
  label: string;
  render(form: Form, options: FieldOptions & { label: string }): ReactNode;
}

/** The layout's fields, each rendered by its input with the page's options over the defaults. */
export function LayoutFields<F extends string, Form>(props: {
  inputs: Record<F, FieldInput<Form>>;
  layout: FieldLayout<F>;
  form: Form;
}) {
  const { inputs, layout, form } = props;
  return (
    <div className="row">
      {layout.fields.map((name) => {
        const options = layout.options?.[name];
        const input = inputs[name].render(form, {
          ...options,
          label: options?.label ?? inputs[name].label,
        });
        return input === null ? (
          <Fragment key={name} />
        ) : (
          <div key={name} className={options?.half ? 'col-12 col-md-6' : 'col-12'}>
            {input}
          </div>
        );
      })}
    </div>
  );
}
