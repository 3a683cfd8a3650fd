import type { ComponentType } from 'react';
import { Create, Edit } from 'react-admin';
import { useNamedSave } from '../named.tsx';
import { HistoryPanel } from '../revisions/HistoryPanel.tsx';

/**
 * The edit and create pages of a resource around its one form. Edits wait for the server (pessimistic), so
 * its violations land on the fields before anything is shown as saved; a new record goes back to the list.
 * Below an edit: the item's history, with restore. The notices name the item ("Special “…” saved").
 */
export const formPages = (Form: ComponentType) => ({
  edit: function EditPage() {
    const saved = useNamedSave('saved');
    return (
      <>
        <Edit mutationMode="pessimistic" mutationOptions={saved}>
          <Form />
        </Edit>
        <HistoryPanel />
      </>
    );
  },
  create: function CreatePage() {
    const added = useNamedSave('saved');
    return (
      <Create redirect="list" mutationOptions={added}>
        <Form />
      </Create>
    );
  },
});
