/**
 * The back office: react-admin over our API. Each role sees only the resources its scopes
 * allow (src/domain/staff-access.ts); the server enforces the same scopes on every endpoint.
 */
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { AccountPage } from './account/AccountPage.tsx';
import { authProvider, can, type Permissions } from './auth-provider.ts';
import { dataProvider } from './data-provider.ts';
import { i18nProvider } from './i18n.ts';
import { Layout } from './Layout.tsx';
import { LoginPage } from './LoginPage.tsx';
import { ForgotPasswordPage, ResetPasswordPage } from './PasswordPages.tsx';
import { apiKeys } from './resources/api-keys.tsx';
import { auditLog } from './resources/audit-log.tsx';
import { banners } from './resources/banners.tsx';
import { blogPosts } from './resources/blog-posts.tsx';
import { BuildsPage } from './resources/builds.tsx';
import { dealers } from './resources/dealers.tsx';
import { Dashboard } from './resources/delivery-health.tsx';
import { fraudPage } from './resources/fraud-page.tsx';
import { leads } from './resources/leads.tsx';
import { serviceDeals, specials } from './resources/offers.tsx';
import { privacyRequests } from './resources/privacy-requests.tsx';
import { rangeModels } from './resources/range-models.tsx';
import { rangeVariants } from './resources/range-variants.tsx';
import { staff } from './resources/staff.tsx';
import { StockImportPage } from './resources/stock-import.tsx';
import { vehicles } from './resources/vehicles.tsx';
import { DeletedPage } from './revisions/DeletedPage.tsx';
import { theme } from './theme.ts';

export function App() {
  return (
    <Admin
      title="Dealer group admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={Layout}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      {(permissions: Permissions | null) => (
        <>
          <CustomRoutes noLayout>
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/account" element={<AccountPage />} />
          </CustomRoutes>
          {can(permissions, 'leads:read') && <Resource {...leads} />}
          {can(permissions, 'content:write') && (
            <>
              <Resource {...specials} />
              <Resource {...serviceDeals} />
              <Resource {...blogPosts} />
              <Resource {...banners} />
              <Resource {...rangeModels} />
              <Resource {...rangeVariants} />
              <Resource {...dealers} />
              <Resource {...fraudPage} />
            </>
          )}
          {can(permissions, 'stock:write') && (
            <>
              <Resource {...vehicles} />
              <CustomRoutes>
                <Route path="/stock-import" element={<StockImportPage />} />
              </CustomRoutes>
            </>
          )}
          {(can(permissions, 'content:write') || can(permissions, 'stock:write')) && (
            <CustomRoutes>
              <Route path="/deleted" element={<DeletedPage />} />
            </CustomRoutes>
          )}
          {can(permissions, 'builds:publish') && (
            <CustomRoutes>
              <Route path="/builds" element={<BuildsPage />} />
            </CustomRoutes>
          )}
          {can(permissions, 'staff:manage') && <Resource {...staff} />}
          {can(permissions, 'keys:manage') && <Resource {...apiKeys} />}
          {can(permissions, 'privacy:manage') && <Resource {...privacyRequests} />}
          {can(permissions, 'audit:read') && <Resource {...auditLog} />}
        </>
      )}
    </Admin>
  );
}
