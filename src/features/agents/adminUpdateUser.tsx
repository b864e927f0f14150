export { UpdateUserScreen as default } from './admin';
