/** One step's fields (steps 0 to 3), rendered from steps.ts: amounts with an R prefix, dates as date inputs. */
import { Input, type Option, Select } from '../form-kit/Field.tsx';
import type { FieldDef, GroupDef } from './steps.ts';

export type FinanceValues = Record<string, string | boolean>;

interface Props {
  form: string;
  groups: GroupDef[];
  data: FinanceValues;
  errors: Record<string, string>;
  onChange: (name: string, value: string) => void;
  /** Options filled at run time (dealerships, models). */
  options: Record<string, { options: Option[]; placeholder: string; busy?: boolean }>;
}

const today = () => new Date().toISOString().slice(0, 10);

function Field({
  form,
  def,
  value,
  error,
  onChange,
  options,
}: {
  form: string;
  def: FieldDef;
  value: string;
  error?: string | undefined;
  onChange: Props['onChange'];
  options: Props['options'];
}) {
  const common = {
    form,
    name: def.name,
    label: def.label,
    optional: def.optional ?? false,
    hint: def.hint,
    error,
    value,
  };
  if (def.kind === 'select') {
    const dynamic = options[def.name];
    return (
      <Select
        {...common}
        options={dynamic?.options ?? def.options ?? []}
        placeholder={dynamic?.placeholder ?? 'Choose…'}
        aria-busy={dynamic?.busy || undefined}
        onChange={(e) => onChange(def.name, e.target.value)}
      />
    );
  }
  const change = (e: { target: { value: string } }) => onChange(def.name, e.target.value);
  switch (def.kind) {
    case 'amount':
      return (
        <Input
          {...common}
          label={
            <>
              {def.label}
              <span className="visually-hidden"> in rand</span>
            </>
          }
          prefix="R"
          inputMode="decimal"
          autoComplete="off"
          maxLength={16}
          onChange={change}
        />
      );
    case 'date':
      return <Input {...common} type="date" max={today()} onChange={change} />;
    case 'years':
      return <Input {...common} inputMode="numeric" maxLength={3} autoComplete="off" onChange={change} />;
    case 'digits':
      return (
        <Input
          {...common}
          inputMode="numeric"
          maxLength={def.maxLength}
          autoComplete={def.autoComplete}
          onChange={change}
        />
      );
    default:
      return (
        <Input
          {...common}
          type={def.kind}
          autoComplete={def.autoComplete}
          maxLength={def.maxLength ?? (def.kind === 'tel' ? 30 : undefined)}
          spellCheck={def.kind === 'email' ? false : undefined}
          onChange={change}
        />
      );
  }
}

export function StepFields({ form, groups, data, errors, onChange, options }: Props) {
  return (
    <>
      {groups
        .filter((g) => !g.when || g.when(data))
        .map((g) => (
          <fieldset key={g.legend}>
            <legend>{g.legend}</legend>
            <div className="field-row">
              {g.fields.map((def) => (
                <Field
                  key={def.name}
                  form={form}
                  def={def}
                  value={typeof data[def.name] === 'string' ? (data[def.name] as string) : ''}
                  error={errors[def.name]}
                  onChange={onChange}
                  options={options}
                />
              ))}
            </div>
          </fieldset>
        ))}
    </>
  );
}
