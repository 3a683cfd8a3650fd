import type { ComponentType } from 'react';
import { Create, Edit } from 'react-admin';
import { HistoryPanel } from '../revisions/HistoryPanel.tsx';

/**
 * The edit and create pages of a resource around its one form. Edits wait for the server (pessimistic), so
 * its violations land on the fields before anything is shown as saved; a new record goes back to the list.
 * Below an edit: the item's history, with restore.
 */
export const formPages = (Form: ComponentType) => ({
  edit: () => (
    <>
      <Edit mutationMode="pessimistic">
        <Form />
      </Edit>
      <HistoryPanel />
    </>
  ),
  create: () => (
    <Create redirect="list">
      <Form />
    </Create>
  ),
});
