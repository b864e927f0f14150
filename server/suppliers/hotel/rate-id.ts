/**
 * Rate ids name the hotel, room, board, plan and stay, with the party's fingerprint and the time they were
 * issued, so any server can re-price a rate it never handed out and tell "expired" (410) from "unknown" (404).
 */
import { BOARDS, type Board, type RoomRequest } from '../../../contract/hotels';
import { hashString } from '../flight/prng';

export interface RateRef { hotel_id: string; room_code: string; board: Board; refundable: boolean; check_in: string; check_out: string; party: string; issued_at: number }

/** The party's fingerprint: adults and children's ages per room, in order. */
export const partyKey = (rooms: readonly RoomRequest[]) => hashString(JSON.stringify(rooms.map((r) => [r.adults, r.children_ages]))).toString(36);

export const encodeRate = (r: RateRef) =>
  [r.hotel_id, r.room_code, r.board, r.refundable ? 'R' : 'N', r.check_in, r.check_out, r.party, r.issued_at.toString(36)].join('.');

const RATE = /^(\d{1,9}-\d{1,3})\.([A-Z]{3})\.([A-Z]{2})\.([RN])\.(\d{4}-\d{2}-\d{2})\.(\d{4}-\d{2}-\d{2})\.([0-9a-z]{1,8})\.([0-9a-z]{1,12})$/;

export function decodeRate(id: string): RateRef | null {
  const m = RATE.exec(id);
  if (!m || !(BOARDS as readonly string[]).includes(m[3])) return null;
  return { hotel_id: m[1], room_code: m[2], board: m[3] as Board, refundable: m[4] === 'R', check_in: m[5], check_out: m[6], party: m[7], issued_at: parseInt(m[8], 36) };
}
