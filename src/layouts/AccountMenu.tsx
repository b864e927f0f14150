import { Button, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Header as MenuHeader, Separator } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { User } from '../../contract/auth';
import { landing } from '../../machines/guard';
import { sendAuth } from '../app/auth';
import { Icon } from '../ui/Icon';
import { AriaScope } from '../ui/aria';
import { SupportChip, SupportMenuSection } from '../features/flows/live/SupportMenu';
import { sendSupport } from '../features/flows/live/support-session';

/**
 * The signed-in user's menu in the top bar: who, their home, a customer's trips, a support session, log out. Loaded by
 * Header for signed-in users.
 */
const initials = (name: string) => name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]).join('').toUpperCase();

export default function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const home = landing(user);
  return (
    <AriaScope>
      <SupportChip />
      <MenuTrigger>
        <Button className="account-trigger" aria-label={t('nav.accountMenu')}>
          <span className="avatar" aria-hidden="true">{initials(user.name)}</span>
          <span className="account-name hide-mobile" dir="auto">{user.name}</span>
        </Button>
        <Popover placement="bottom end" className="popover">
          <Menu className="menu" aria-label={t('nav.accountMenu')}>
            <MenuSection>
              <MenuHeader className="menu-header">
                <span className="menu-header-name" dir="auto">{user.name}</span>
                <span className="menu-header-meta" dir="auto">{user.email}</span>
                <span className="role-chip">{t(`roles.${user.role}`)}</span>
              </MenuHeader>
            </MenuSection>
            <Separator className="menu-separator" />
            <MenuItem className="menu-item" href={home}>
              <Icon name={home === '/' ? 'plane' : 'dashboard'} size={18} />
              {home === '/' ? t('nav.home') : t('nav.dashboard')}
            </MenuItem>
            {user.role === 'customer' ? (
              <MenuItem className="menu-item" href="/my-trips">
                <Icon name="briefcase" size={18} />
                {t('nav.myTrips')}
              </MenuItem>
            ) : null}
            {user.role === 'customer' ? (
              <MenuItem className="menu-item" href="/price-alerts">
                <Icon name="bell" size={18} />
                {t('priceAlerts.title')}
              </MenuItem>
            ) : null}
            <SupportMenuSection />
            {/* Signing out ends a support session first: nobody is left to relay it. */}
            <MenuItem className="menu-item" onAction={() => { sendSupport({ type: 'END' }); sendAuth({ type: 'LOGOUT' }); }}>
              <Icon name="logout" size={18} className="flip-rtl" />
              {t('nav.logout')}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </AriaScope>
  );
}
