import { TopupRequestsScreen } from './admin';
export default function TopupRequests() { return <TopupRequestsScreen />; }
