export { UserDetailsScreen as default } from './admin';
