export { StaffFormScreen as default } from './admin';
