/**
 * The admin frame: react-admin's layout with a menu that lists what this role may use, Builds, and your
 * account. A member who must still set up two-factor sign-in gets the set-up screen instead.
 */
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import PublishIcon from '@mui/icons-material/Publish';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { type LayoutProps, Menu, Layout as RaLayout, usePermissions } from 'react-admin';
import { EnrolGate } from './account/EnrolGate.tsx';
import { useAccount } from './account/use-account.ts';
import { can, mustEnrol, type Permissions } from './auth-provider.ts';
import { PendingBadge } from './resources/builds.tsx';

function AdminMenu() {
  const { permissions } = usePermissions<Permissions | null>();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Home" />
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
      <Menu.Item to="/account" primaryText="Your account" leftIcon={<AccountCircleIcon />} />
    </Menu>
  );
}

export function Layout(props: LayoutProps) {
  const { account, reload } = useAccount();
  if (mustEnrol(account) && account) return <EnrolGate account={account} onDone={reload} />;
  return <RaLayout {...props} menu={AdminMenu} />;
}
