/**
 * Saves and deletes that name the thing (notices.ts): the toolbar of every SchemaForm, and the success
 * handlers of the create and edit pages around them.
 */
import {
  DeleteButton,
  type RaRecord,
  SaveButton,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useResourceDefinition,
} from 'react-admin';
import { ITEM_NOUNS, notice } from './notices.ts';

/** The record's name, by its resource's recordRepresentation when that is a field. */
function useNameOf() {
  const { recordRepresentation } = useResourceDefinition();
  return (record: RaRecord | undefined) =>
    record && typeof recordRepresentation === 'string' ? record[recordRepresentation] : undefined;
}

/**
 * mutationOptions for a create or edit page: the notice names the item ("Special “Forester Fest” saved"),
 * then the page goes where react-admin would have gone (`to`). Server errors keep their own message.
 */
export function useNamedSave(done: 'saved' | 'added', to: 'list' | 'edit' | false = 'list') {
  const resource = useResourceContext() ?? '';
  const notify = useNotify();
  const redirect = useRedirect();
  const nameOf = useNameOf();
  return {
    onSuccess: (data: RaRecord) => {
      notify(notice(resource, nameOf(data), done), { type: 'success' });
      if (to) redirect(to, resource, data.id, data);
    },
  };
}

/** Save, and Delete asking first with the item's name and what happens to it. */
export function NamedToolbar() {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  const name = useNameOf()(record);
  const noun = (ITEM_NOUNS[resource] ?? 'item').toLowerCase();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record && (
        <DeleteButton
          confirmTitle={name ? `Delete the ${noun} “${name}”?` : `Delete this ${noun}?`}
          confirmContent="It leaves the site with the next build. It can be brought back from Recently deleted."
          successMessage={notice(resource, name, 'deleted')}
        />
      )}
    </Toolbar>
  );
}
