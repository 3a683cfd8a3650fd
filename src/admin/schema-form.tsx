/** A resource's create or edit form checked with the API's input schema (schema-check.ts) before sending. */
import { useMemo } from 'react';
import { SimpleForm, type SimpleFormProps } from 'react-admin';
import { NamedToolbar } from './named.tsx';
import { type InputSchema, schemaResolver } from './schema-check.ts';

/**
 * A resource's SimpleForm checked with its input schema (every create and edit form of the admin); its
 * toolbar's Delete names the item.
 */
export function SchemaForm({ schema, ...props }: SimpleFormProps & { schema: InputSchema }) {
  const resolver = useMemo(() => schemaResolver(schema), [schema]);
  return <SimpleForm resolver={resolver} toolbar={<NamedToolbar />} {...props} />;
}
