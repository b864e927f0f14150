export { CustomerMarginScreen as default } from './admin';
