export { NewChargeScreen as default } from './admin';
