/**
 * What a visitor typed or chose in an island's server-rendered fields before it hydrated (islands hydrate
 * after the page's largest paint: src/build/painted-directive.ts). React keeps a field's value while
 * hydrating, but the next render of a controlled field sets it back from state, which would drop the
 * visitor's input; an island reads it here once hydrated and puts it into its state. Each named field
 * under `root` is compared with what the page was rendered with: defaultValue, defaultChecked,
 * defaultSelected.
 */
export function typedBeforeHydration(
  root: ParentNode | null | undefined,
  fields: ReadonlySet<string>,
): Record<string, string | boolean> {
  const changed: Record<string, string | boolean> = {};
  for (const el of root?.querySelectorAll('input[name], select[name], textarea[name]') ?? []) {
    if (
      !(
        el instanceof HTMLInputElement ||
        el instanceof HTMLSelectElement ||
        el instanceof HTMLTextAreaElement
      )
    )
      continue;
    if (!fields.has(el.name)) continue;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (el.checked !== el.defaultChecked) changed[el.name] = el.checked;
    } else if (el instanceof HTMLInputElement && el.type === 'radio') {
      if (el.checked && !el.defaultChecked) changed[el.name] = el.value;
    } else if (el instanceof HTMLSelectElement) {
      const chosen = el.selectedOptions[0];
      const rendered = [...el.options].find((o) => o.defaultSelected) ?? el.options[0];
      if (chosen && chosen !== rendered) changed[el.name] = el.value;
    } else if (el.value !== el.defaultValue) changed[el.name] = el.value;
  }
  return changed;
}
