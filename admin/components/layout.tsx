// Layout: react-admin's, with Turma's brand, our language menu and the light/dark toggle.
import { Box, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import StoreIcon from '@mui/icons-material/StoreOutlined';
import { AppBar, Layout, LoadingIndicator, Menu, TitlePortal, ToggleThemeButton, UserMenu, useBasename, useGetIdentity, useTranslate } from 'react-admin';
import { useMatch } from 'react-router-dom';
import { Brand } from './brand';
import { LocaleSwitcher } from './locale-switcher';

const toolbar = (
  <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0, ml: 1 }}>
    <LocaleSwitcher />
    <ToggleThemeButton />
    <LoadingIndicator />
  </Box>
);

/**
 * react-admin's user menu, named "Perfil: <name>": its button shows the admin's name, and a name that leaves the visible
 * text out ("Perfil" alone) cannot be spoken to by voice control.
 */
const AdminUserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // The name is shown from 'sm' up (react-admin's own test); below, an icon button takes the key as it is.
  const showsName = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  return <UserMenu label={showsName && identity?.fullName ? `${translate('ra.auth.user_menu')}: ${identity.fullName}` : 'ra.auth.user_menu'} />;
};

const AdminAppBar = () => (
  <AppBar toolbar={toolbar} userMenu={<AdminUserMenu />}>
    <Brand sx={{ display: { xs: 'none', sm: 'flex' } }} />
    <Box
      component="span"
      sx={{ display: { xs: 'none', md: 'block' }, width: '1px', height: 20, bgcolor: 'divider', mr: 2 }}
    />
    <TitlePortal sx={{ minWidth: 0, fontSize: { xs: '1.05rem', sm: '1.25rem' } }} />
  </AppBar>
);

/** The marketplace overview's entry, lit on /marketplace itself but not on the resources below it. */
const MarketplaceItem = () => {
  const exact = useMatch({ path: `${useBasename()}/marketplace`, end: true });
  return <Menu.Item to="/marketplace" primaryText="turma.marketplace.menu" leftIcon={<StoreIcon />} className={exact ? undefined : 'turma-menu-exact-miss'} />;
};

/** The resources' menu plus the custom pages (CustomRoutes in App.tsx). */
const AdminMenu = () => (
  <Menu>
    <Menu.DashboardItem />
    <Menu.Item to="/analytics" primaryText="turma.analytics.menu" leftIcon={<InsightsIcon />} />
    <Menu.Item to="/financial-reports" primaryText="turma.financial.menu" leftIcon={<AccountBalanceIcon />} />
    <Menu.Item to="/fiscal" primaryText="turma.fiscal.menu" leftIcon={<ReceiptIcon />} />
    <MarketplaceItem />
    <Menu.ResourceItems />
  </Menu>
);

export const AdminLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={AdminAppBar} menu={AdminMenu}>
    {children}
  </Layout>
);
