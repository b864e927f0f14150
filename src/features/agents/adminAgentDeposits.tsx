import { TopupRequestsScreen } from './admin';
export default function AgentDetailDeposits() { return <TopupRequestsScreen oneAgent />; }
