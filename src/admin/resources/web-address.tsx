/**
 * A page's web address instead of a "slug" field (issue 25 §6): the editor sees the address the page has
 * on the site ("/showroom/subaru/forester") and may change its last part. On a new item it is made from
 * the name as the editor types (slugify, src/domain/slug.ts, the same rule as the seed), until the editor
 * writes one of their own; emptying the field hands it back to the name. On an item that exists it stays
 * as it is unless the editor changes it, and then says that the old address stops working. The field's
 * value is still the slug the API takes; the server's checks (pattern, taken) stay the authority.
 */
import { type ChangeEvent, type ReactNode, useEffect, useRef } from 'react';
import { TextInput, type TextInputProps, useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { slugify } from '../../domain/slug.ts';

export interface WebAddressInputProps extends Omit<TextInputProps, 'helperText'> {
  /** The field the address is made from on a new item (the title or name). */
  from: string;
  /** The page's path for a given last part, e.g. (s) => `/showroom/subaru/${s}`; none: no page of its own. */
  address?: (slug: string) => string;
  /** What the value is for, when it is not a page's address (a dealership's short name). */
  purpose?: ReactNode;
}

export function WebAddressInput({
  source,
  from,
  address,
  purpose,
  label = 'Web address',
  ...props
}: WebAddressInputProps) {
  const record = useRecordContext();
  const isNew = record?.id == null;
  const { setValue, getValues } = useFormContext();
  const name = useWatch({ name: from }) as unknown;
  const value = useWatch({ name: source }) as unknown;
  const slug = typeof value === 'string' ? value : '';
  // Typed by the editor: the name no longer writes it (until it is emptied again).
  const ownWords = useRef(false);

  useEffect(() => {
    if (!isNew || ownWords.current) return;
    const made = slugify(typeof name === 'string' ? name : '');
    if ((getValues(source) ?? '') !== made) setValue(source, made, { shouldDirty: true });
  }, [isNew, name, source, setValue, getValues]);

  const saved = isNew ? '' : String(record?.[source] ?? '');
  const changedLive = !isNew && saved !== '' && slug !== saved;
  // decodeURI: the placeholder of a part not yet made reads as '…', not as its percent-encoding.
  const shown = address ? decodeURI(address(slug || '…')) : null;

  const advice = changedLive
    ? address
      ? `Changing it moves the page: links and bookmarks to ${decodeURI(address(saved))} will stop working.`
      : 'Changing it changes how links and integrations name it.'
    : isNew
      ? 'Made from the name as you type; lower-case letters, digits and hyphens.'
      : 'Lower-case letters, digits and hyphens.';
  const helperText = (
    <>
      {shown && (
        <>
          {label}: <strong>{shown}</strong>.{' '}
        </>
      )}
      {purpose && <>{purpose} </>}
      {advice}
    </>
  );

  return (
    <TextInput
      {...props}
      source={source}
      label={label}
      helperText={helperText}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        ownWords.current = e.target.value !== '';
      }}
    />
  );
}
