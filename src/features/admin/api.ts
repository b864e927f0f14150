import type { BackOfficeDashboard } from '../../../contract/dashboard';
import type { ItemResponse } from '../../../contract/http';
import { get } from '../../api/calls';

/** The back-office home's figures (only the sections the signed-in role may see); a record machine's load actor. */
export const getBackOfficeDashboard = (signal?: AbortSignal) =>
  get<ItemResponse<BackOfficeDashboard>>('/back-office-dashboard', {}, signal).then((r) => r.data);
