import { useRecord } from '../../ui/records';
import { agentLabel } from '../bookings/api';
import { listAgentOptions } from './api';

/** Agents for a staff picker (approved, active), as select options named as every agent picker names them. */
export function useAgentOptions() {
  const { data } = useRecord((_, signal) => listAgentOptions(signal));
  return (data ?? []).map((a) => ({ value: String(a.id), label: agentLabel(a) }));
}
