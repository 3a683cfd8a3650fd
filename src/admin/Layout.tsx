/** The admin frame: react-admin's layout with a menu that lists what this role may use, and Builds. */
import PublishIcon from '@mui/icons-material/Publish';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { type LayoutProps, Menu, Layout as RaLayout, usePermissions } from 'react-admin';
import { can, type Permissions } from './auth-provider.ts';
import { PendingBadge } from './resources/builds.tsx';

function AdminMenu() {
  const { permissions } = usePermissions<Permissions | null>();
  return (
    <Menu>
      <Menu.ResourceItems />
      {can(permissions, 'stock:write') && (
        <Menu.Item to="/stock-import" primaryText="Stock import" leftIcon={<UploadFileIcon />} />
      )}
      {(can(permissions, 'content:write') || can(permissions, 'stock:write')) && (
        <Menu.Item to="/deleted" primaryText="Recently deleted" leftIcon={<RestoreFromTrashIcon />} />
      )}
      {can(permissions, 'builds:publish') && (
        <Menu.Item to="/builds" primaryText="Builds" leftIcon={<PendingBadge icon={<PublishIcon />} />} />
      )}
    </Menu>
  );
}

export const Layout = (props: LayoutProps) => <RaLayout {...props} menu={AdminMenu} />;
