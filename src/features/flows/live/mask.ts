/** The masking rule lives with the contract: the server applies it again to what a support session relays. */
export { MASK, mask } from '../../../../contract/live-mask';
