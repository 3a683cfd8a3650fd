/**
 * What a visitor changed in a server-rendered form before its island hydrated. React keeps a field's
 * value while hydrating, but the next render of a controlled field sets it back from state, which would
 * drop what was typed (islands hydrate after the page's largest paint: painted-directive.ts). Compared
 * with what the page was rendered with: defaultValue, defaultChecked, defaultSelected.
 */
export function typedBeforeHydration(
  form: HTMLFormElement | null,
  fields: ReadonlySet<string>,
): Record<string, string | boolean> {
  const changed: Record<string, string | boolean> = {};
  for (const el of form?.elements ?? []) {
    if (!('name' in el) || typeof el.name !== 'string' || !fields.has(el.name)) continue;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (el.checked !== el.defaultChecked) changed[el.name] = el.checked;
    } else if (el instanceof HTMLInputElement && el.type === 'radio') {
      if (el.checked && !el.defaultChecked) changed[el.name] = el.value;
    } else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      if (el.value !== el.defaultValue) changed[el.name] = el.value;
    } else if (el instanceof HTMLSelectElement) {
      const chosen = el.selectedOptions[0];
      if (chosen && !chosen.defaultSelected && chosen.index !== 0) changed[el.name] = el.value;
    }
  }
  return changed;
}
