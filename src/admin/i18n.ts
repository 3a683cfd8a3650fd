/**
 * react-admin's English, in the admin's own words where its defaults speak developer: no "Element
 * updated" (forms name the item themselves: named.tsx), no "Server communication error" for a server
 * that said what went wrong (its message is shown as it is: http.ts).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

const messages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    notification: {
      ...englishMessages.ra.notification,
      updated: 'Saved |||| %{smart_count} items saved',
      created: 'Added',
      deleted: 'Deleted |||| %{smart_count} items deleted',
      item_doesnt_exist: 'This item no longer exists: someone may have deleted it.',
      http_error: 'The server could not be reached. Check your connection and try again.',
    },
    message: {
      ...englishMessages.ra.message,
      delete_title: 'Delete %{name} %{recordRepresentation}?',
      delete_content: 'It leaves the site with the next build. It can be brought back from Recently deleted.',
    },
  },
};

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ name: 'en', value: 'English' }], {
  allowMissing: true,
});
