import { UsersScreen } from './admin';
export default function Staff() { return <UsersScreen staffOnly />; }
