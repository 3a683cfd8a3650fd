/** Blog posts with a rich-text body (the server sanitises the HTML). */
import ArticleIcon from '@mui/icons-material/Article';
import { RichTextInput } from 'ra-input-rich-text';
import { DataTable, TextInput } from 'react-admin';
import { BlogPostInput } from '../../contract/content.ts';
import { formatDate } from '../../domain/date-time.ts';
import { paths } from '../../domain/urls.ts';
import { DateInput } from '../inputs/DateInput.tsx';
import { editorOptions } from '../rich-text.ts';
import { SchemaForm } from '../schema-form.tsx';
import { PublishFromInput, statusCol } from './content-status.tsx';
import { formPages } from './form-pages.tsx';
import { SearchList } from './lists.tsx';
import { PhotosPanel } from './photos.tsx';
import { DrawnImageSelect } from './pickers.tsx';
import { WebAddressInput } from './web-address.tsx';

function BlogList() {
  return (
    <SearchList sort="publish_date" order="DESC">
      <DataTable.Col source="title" />
      {/* Second: a phone shows the first two columns (lists.tsx FitTable). */}
      {statusCol}
      <DataTable.Col source="author" />
      <DataTable.Col source="publish_date" label="Published" render={(r) => formatDate(r.publish_date)} />
    </SearchList>
  );
}

function BlogForm() {
  return (
    <SchemaForm schema={BlogPostInput}>
      <TextInput source="title" isRequired fullWidth />
      <WebAddressInput source="slug" from="title" address={paths.blogPost} isRequired />
      <TextInput source="author" isRequired />
      <DateInput source="publish_date" label="Publish date" isRequired />
      <PublishFromInput />
      <TextInput source="description" multiline fullWidth isRequired />
      <PhotosPanel owner="blog_posts" single aspect="16 / 9" help="The post's picture, cropped to 16:9." />
      <DrawnImageSelect
        kind="blog"
        source="image"
        label="Drawn image"
        helperText="Shown while no image is uploaded"
        isRequired
      />
      <RichTextInput source="body" fullWidth editorOptions={editorOptions} />
      <TextInput source="meta_title" label="Meta title" fullWidth />
      <TextInput source="meta_description" label="Meta description" fullWidth />
      <TextInput source="keywords" fullWidth />
    </SchemaForm>
  );
}

export const blogPosts = {
  name: 'blog_posts',
  options: { label: 'Blog posts' },
  list: BlogList,
  ...formPages(BlogForm),
  icon: ArticleIcon,
  recordRepresentation: 'title',
};
