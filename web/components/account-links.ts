// The signed-in person's own screens, in one list: the account menu (desktop) and the phone navigation show them.
import { BellIcon, LayoutIcon, ShoppingBagIcon, UserIcon, UsersIcon, WalletIcon } from './icons';

export const ACCOUNT_LINKS = [
  { to: '/dashboard', icon: LayoutIcon, label: 'account.dashboard' },
  { to: '/my-groups', icon: UsersIcon, label: 'account.myGroups' },
  { to: '/marketplace/orders', icon: ShoppingBagIcon, label: 'account.orders' },
  { to: '/notifications', icon: BellIcon, label: 'account.notifications' },
  { to: '/payment-history', icon: WalletIcon, label: 'account.payments' },
  { to: '/profile', icon: UserIcon, label: 'account.profile' },
] as const;
