export { NewBankScreen as default } from './admin';
