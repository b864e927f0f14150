export { NewUserScreen as default } from './admin';
