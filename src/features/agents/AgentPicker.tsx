import { useLocation, useSearch } from 'wouter';
import { SelectInput } from '../../ui/fields';
import { agentLabel, type BookingAgent } from '../bookings/api';

/** The agent a back-office page is about: its `?id=`, so the choice can be linked and survives a reload. */
export function useChosenAgentId(): number | null {
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Picks the agent of a page at `path` (see useChosenAgentId); choosing none goes back to the bare page. */
export function AgentPicker({ path, label, placeholder, agents }: { path: string; label: string; placeholder: string; agents: BookingAgent[] | null | undefined }) {
  const [, navigate] = useLocation();
  const id = useChosenAgentId();
  return (
    <SelectInput name="agent_id" label={label} value={id ? String(id) : ''} placeholder={placeholder}
      options={(agents ?? []).map((a) => ({ value: String(a.id), label: agentLabel(a) }))} onChange={(v) => navigate(v ? `${path}?id=${v}` : path)} />
  );
}
