export { BanksScreen as default } from './admin';
