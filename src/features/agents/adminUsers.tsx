import { UsersScreen } from './admin';
export default function Users() { return <UsersScreen />; }
