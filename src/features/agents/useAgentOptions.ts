import { useRecord } from '../../ui/records';
import { listAgentOptions } from './api';

/** Agents for a staff picker (approved, active), as select options. */
export function useAgentOptions() {
  const { data } = useRecord((_, signal) => listAgentOptions(signal));
  return (data ?? []).map((a) => ({ value: String(a.id), label: `${a.company_name ?? a.name} (${a.agent_code ?? a.id})` }));
}
